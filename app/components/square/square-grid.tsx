import { Store } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { withParams } from "#app/lib/url";
import { Button } from "../ui/button";
import { EmptyState } from "../ui/empty-state";
import { Pagination } from "../ui/pagination";
import { Skeleton } from "../ui/skeleton";
import { AgentCard } from "./agent-card";
import type { SquarePage } from "./types";

interface SquareGridProps {
  first: SquarePage;
  /** The page's own URL (path and query), from which the next pages' URLs are made. */
  here: string;
}

/**
 * The cards of one query. Without JavaScript: page links. With it: "加载更多" and infinite scroll, each
 * next page fetched through the same route's loader and appended (the parent keys this by the query, so a
 * new filter starts over).
 */
export function SquareGrid({ first, here }: SquareGridProps) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ list: SquarePage }>();
  const [pages, setPages] = useState([first]);
  const last = pages.at(-1) ?? first;
  const hasMore = last.current < last.pages;
  const loading = fetcher.state !== "idle";

  // A revalidation (e.g. after a favourite) refreshes the first page in place.
  useEffect(() => setPages((old) => [first, ...old.slice(1)]), [first]);

  useEffect(() => {
    const next = fetcher.data?.list;
    if (next) setPages((old) => (old.some((p) => p.current === next.current) ? old : [...old, next]));
  }, [fetcher.data]);

  const loadMore = () => {
    if (!loading && hasMore) fetcher.load(withParams(here, { page: last.current + 1 }));
  };
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

  // A publication can move between pages while scrolling; show each once.
  const seen = new Set<number>();
  const records = pages.flatMap((p) => p.records).filter((r) => !seen.has(r.id) && seen.add(r.id));

  if (!records.length) return <EmptyState icon={Store} title="暂无数据" description="换个分类或关键词试试。" />;
  return (
    <div className="flex flex-col gap-4">
      <ul className="grid grid-cols-[repeat(auto-fill,minmax(260px,1fr))] gap-4">
        {records.map((agent) => (
          <li key={agent.id}>
            <AgentCard agent={agent} />
          </li>
        ))}
        {/* The next page's place while it loads, so the grid grows where the cards will be. */}
        {loading ? <SquareCardSkeletons /> : null}
      </ul>
      {hydrated ? (
        <div ref={sentinel} className="flex justify-center py-2">
          {hasMore ? (
            <Button variant="secondary" loading={loading} onClick={loadMore}>
              加载更多
            </Button>
          ) : (
            <p className="text-[13px] text-gray-400">没有更多了</p>
          )}
        </div>
      ) : (
        <Pagination
          current={first.current}
          pages={first.pages}
          total={first.total}
          hrefFor={(page) => withParams(here, { page: page === 1 ? null : page })}
        />
      )}
    </div>
  );
}

function SquareCardSkeletons() {
  return ["a", "b", "c"].map((key) => (
    <li key={key} aria-hidden className="flex flex-col gap-3 rounded-card border border-gray-200 bg-white p-4">
      <div className="flex gap-3">
        <Skeleton className="size-12 shrink-0" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-1/2" />
        </div>
      </div>
      <Skeleton className="h-3 w-full" />
      <Skeleton className="h-3 w-3/4" />
    </li>
  ));
}
