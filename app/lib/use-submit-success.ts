import { useEffect, useRef } from "react";
import type { FetcherWithComponents } from "react-router";

/**
 * Calls `onSuccess` when a fetcher's submission ends in a redirect (our actions redirect on success and
 * return the form reply on failure; after a redirect the fetcher's data is undefined). Used to close dialogs.
 */
export function useSubmitSuccess(fetcher: FetcherWithComponents<unknown>, onSuccess: () => void) {
  const submitted = useRef(false);
  const callback = useRef(onSuccess);
  callback.current = onSuccess;
  useEffect(() => {
    if (fetcher.state === "submitting") submitted.current = true;
    if (fetcher.state === "idle" && submitted.current) {
      submitted.current = false;
      if (fetcher.data === undefined) callback.current();
    }
  }, [fetcher.state, fetcher.data]);
}
