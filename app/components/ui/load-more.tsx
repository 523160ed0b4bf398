import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { withParams } from "#app/lib/url";
import type { Page } from "#contract/page";
import { Button } from "./button";
import { Pagination } from "./pagination";
import type { Streamed } from "./skeleton-list";

/** A page of rows as a route's loader answers it; `read` picks it out of the loader's data. */
type Read<D, T> = (data: D) => Page<T> | undefined;

const isStreamed = (data: unknown): data is Streamed<unknown> =>
  typeof data === "object" && data !== null && "streamed" in data && data.streamed instanceof Promise;

/**
 * The rows of one query, page by page. With JavaScript each next page is fetched through the same route's
 * loader (`here` with ?page=n) and appended; the caller keys its list by the query, so a new filter starts
 * over. A route whose clientLoader streams (streamServerData) answers the fetcher with a promise: awaited here.
 */
export function useLoadMore<D, T extends { id: number }>(
  first: Page<T>,
  here: string,
  read: Read<D, T>,
  keyOf: (row: T) => string | number = (row) => row.id,
) {
  const fetcher = useFetcher<D | Streamed<D>>();
  const [pages, setPages] = useState([first]);
  const [waiting, setWaiting] = useState(false);
  const last = pages.at(-1) ?? first;
  const hasMore = last.current < last.pages;
  const loading = fetcher.state !== "idle" || waiting;
  const readRef = useRef(read);
  readRef.current = read;

  // A revalidation refreshes the first page. If the rows changed (one was added, deleted or moved) the later
  // pages are stale and are dropped; if not (a dialog opened on a row) the rows loaded so far stay.
  const signature = `${first.total}|${first.records.map(keyOf).join(",")}`;
  const shown = useRef(signature);
  useEffect(() => {
    const same = shown.current === signature;
    shown.current = signature;
    setPages((old) => (same ? [first, ...old.slice(1)] : [first]));
  }, [first, signature]);

  useEffect(() => {
    const data = fetcher.data;
    if (data === undefined) return;
    let live = true;
    const add = (d: D) => {
      const next = readRef.current(d);
      if (live && next) setPages((old) => (old.some((p) => p.current === next.current) ? old : [...old, next]));
    };
    if (isStreamed(data)) {
      setWaiting(true);
      (data.streamed as Promise<D>).then(add, () => {}).finally(() => live && setWaiting(false));
    } else add(data as D);
    return () => {
      live = false;
    };
  }, [fetcher.data]);

  const loadMore = () => {
    if (!loading && hasMore) fetcher.load(withParams(here, { page: last.current + 1 }));
  };

  // Rows can move between pages while the user scrolls (a new or changed row): show each once.
  const seen = new Set<string | number>();
  const records = pages.flatMap((p) => p.records).filter((r) => !seen.has(keyOf(r)) && seen.add(keyOf(r)));
  return { records, hasMore, loading, loadMore };
}

interface LoadMoreProps {
  /** The first page shown (what a page link without JavaScript is relative to). */
  first: Page<unknown>;
  here: string;
  hasMore: boolean;
  loading: boolean;
  loadMore: () => void;
}

/**
 * The end of a paged list. With JavaScript: 加载更多, also pressed by scrolling to it (infinite scroll).
 * Without: page links (?page=n), so every row stays reachable.
 */
export function LoadMore({ first, here, hasMore, loading, loadMore }: LoadMoreProps) {
  const hydrated = useHydrated();
  const loadMoreRef = useRef(loadMore);
  loadMoreRef.current = loadMore;
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hydrated) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadMoreRef.current();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hydrated]);

  if (!hydrated)
    return (
      <Pagination
        current={first.current}
        pages={first.pages}
        total={first.total}
        hrefFor={(page) => withParams(here, { page: page === 1 ? null : page })}
      />
    );
  return (
    <div ref={sentinel} className="flex justify-center py-2">
      {hasMore ? (
        <Button variant="secondary" loading={loading} onClick={loadMore}>
          加载更多
        </Button>
      ) : first.total > 0 ? (
        <p className="text-[13px] text-gray-400">没有更多了</p>
      ) : null}
    </div>
  );
}
