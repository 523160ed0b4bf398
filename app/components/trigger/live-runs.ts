import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { TriggerRunDto } from "#contract/api/trigger";
import type { Page } from "#contract/page";

/** How often the shown page of a run log is fetched again while the tab is visible. */
export const RUN_POLL_MS = 3000;

/**
 * A trigger's run log page kept live with JavaScript: runs start in the job queue at any time (a cron tick, a
 * webhook call), so while the tab is visible the page is fetched from the runs resource route every few seconds
 * and replaces the one the loader rendered. Without JavaScript the 刷新 link reloads the page.
 */
export function useLiveRuns(runs: Page<TriggerRunDto>, url: string) {
  const fetcher = useFetcher<{ runs: Page<TriggerRunDto> | null }>({ key: `trigger-runs:${url}` });
  const busy = useRef(false);
  busy.current = fetcher.state !== "idle";
  const { load } = fetcher;
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && !busy.current) load(url);
    }, RUN_POLL_MS);
    return () => clearInterval(timer);
  }, [load, url]);
  return fetcher.data?.runs ?? runs;
}
