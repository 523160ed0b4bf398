import { useEffect, useMemo, useRef } from "react";
import { useFetcher, useRevalidator } from "react-router";
import type { KnowledgeDocumentInfo } from "#contract/api/knowledge";
import { inProgress } from "./paths";

/** How often documents still being processed are asked for their status. */
export const DOC_POLL_MS = 2000;

/**
 * The documents as the page shows them, kept live with JavaScript: while any is still being processed, its status
 * is fetched from the status resource route every couple of seconds and merged in; once one finishes (or fails)
 * the page revalidates, so counts and the segments pane catch up. Without JavaScript the page offers 刷新.
 */
export function useLiveDocs(docs: KnowledgeDocumentInfo[], statusUrl: string) {
  const fetcher = useFetcher<{ docs: KnowledgeDocumentInfo[] }>({ key: `doc-status:${statusUrl}` });
  const revalidator = useRevalidator();
  const live = useMemo(() => {
    const fresh = new Map((fetcher.data?.docs ?? []).map((d) => [d.id, d]));
    return docs.map((d) => {
      const update = fresh.get(d.id);
      return update && Date.parse(update.modified) >= Date.parse(d.modified) ? update : d;
    });
  }, [docs, fetcher.data]);
  const pending = live.filter((d) => inProgress(d.docStatusCode)).map((d) => d.id);
  const pendingKey = pending.join(",");

  // A document that was pending in the page's data and is not any more: reload the page's data once.
  const loadedPending = docs.filter((d) => inProgress(d.docStatusCode)).length;
  const settled = loadedPending > 0 && pending.length < loadedPending;
  const reloading = useRef(false);
  useEffect(() => {
    if (!settled || reloading.current) return;
    reloading.current = true;
    void revalidator.revalidate().finally(() => {
      reloading.current = false;
    });
  }, [settled, revalidator]);

  const load = fetcher.load;
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (!pendingKey || busy) return;
    const timer = setTimeout(() => load(`${statusUrl}?ids=${pendingKey}`), DOC_POLL_MS);
    return () => clearTimeout(timer);
  }, [pendingKey, busy, load, statusUrl]);

  return live;
}
