import { Store } from "lucide-react";
import type { Page } from "#contract/page";
import { EmptyState } from "../ui/empty-state";
import { SpriteSymbols } from "../ui/icon-sprite";
import { LoadMore, useLoadMore } from "../ui/load-more";
import { Skeleton } from "../ui/skeleton";
import { AgentCard } from "./agent-card";
import { squareCardIcons } from "./square-card-icons";
import type { SquareCardData } from "./types";

interface SquareGridProps {
  first: Page<SquareCardData>;
  /** The page's own URL (path and query), from which the next pages' URLs are made. */
  here: string;
}

/**
 * The cards of one query. Without JavaScript: page links. With it: "加载更多" and infinite scroll, each
 * next page fetched through the same route's loader and appended (the parent keys this by the query, so a
 * new filter starts over).
 */
export function SquareGrid({ first, here }: SquareGridProps) {
  const more = useLoadMore(first, here, (data: { list?: Page<SquareCardData> }) => data.list);
  if (!more.records.length) return <EmptyState icon={Store} title="暂无数据" description="换个分类或关键词试试。" />;
  return (
    <div className="flex flex-col gap-4">
      <SpriteSymbols sprite={squareCardIcons} />
      <ul className="grid grid-cols-[repeat(auto-fill,minmax(260px,1fr))] gap-4">
        {more.records.map((agent) => (
          <li key={agent.id}>
            <AgentCard agent={agent} back={here} />
          </li>
        ))}
        {/* The next page's place while it loads, so the grid grows where the cards will be. */}
        {more.loading ? <SquareCardSkeletons /> : null}
      </ul>
      <LoadMore first={first} here={here} {...more} />
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
