import { clsx } from "clsx";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";

interface PaginationProps {
  current: number;
  pages: number;
  total: number;
  /** The link to a page: the same query string with another page number. */
  hrefFor: (page: number) => string;
}

/** Page numbers around the current one, with the first and last always shown; 0 marks a gap. */
function visiblePages(current: number, pages: number) {
  const shown = new Set([1, pages, current - 1, current, current + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  const out: number[] = [];
  for (const p of sorted) {
    const last = out.at(-1);
    if (last !== undefined && p - last > 1) out.push(0);
    out.push(p);
  }
  return out;
}

const cell = "inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-[13px]";

/** Plain links, so paging works without JavaScript and the page number survives a reload. */
export function Pagination({ current, pages, total, hrefFor }: PaginationProps) {
  if (pages <= 1) return total ? <p className="text-[13px] text-gray-500">共 {total} 条</p> : null;
  return (
    <nav aria-label="分页" className="flex flex-wrap items-center gap-1">
      <span className="mr-2 text-[13px] text-gray-500">共 {total} 条</span>
      {current > 1 ? (
        <Link to={hrefFor(current - 1)} className={clsx(cell, "hover:bg-gray-100")} aria-label="上一页">
          <ChevronLeft className="size-4" aria-hidden />
        </Link>
      ) : null}
      {visiblePages(current, pages).map((p, i) =>
        p === 0 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
          <span key={`gap-${i}`} className={clsx(cell, "text-gray-400")}>
            …
          </span>
        ) : (
          <Link
            key={p}
            to={hrefFor(p)}
            aria-label={`第 ${p} 页`}
            aria-current={p === current ? "page" : undefined}
            className={clsx(cell, p === current ? "bg-primary-600 text-white" : "text-gray-700 hover:bg-gray-100")}
          >
            {p}
          </Link>
        ),
      )}
      {current < pages ? (
        <Link to={hrefFor(current + 1)} className={clsx(cell, "hover:bg-gray-100")} aria-label="下一页">
          <ChevronRight className="size-4" aria-hidden />
        </Link>
      ) : null}
    </nav>
  );
}

interface StepPaginationProps {
  current: number;
  /** Whether a page follows this one; lists without a total know no more. */
  hasNext: boolean;
  hrefFor: (page: number) => string;
}

/** 上一页 · 第 N 页 · 下一页 for a list without a total (favourites): plain links, as Pagination. */
export function StepPagination({ current, hasNext, hrefFor }: StepPaginationProps) {
  if (current <= 1 && !hasNext) return null;
  return (
    <nav aria-label="分页" className="flex items-center gap-1">
      {current > 1 ? (
        <Link to={hrefFor(current - 1)} className={clsx(cell, "hover:bg-gray-100")} aria-label="上一页">
          <ChevronLeft className="size-4" aria-hidden />
        </Link>
      ) : null}
      <span aria-current="page" className={clsx(cell, "text-gray-700")}>
        第 {current} 页
      </span>
      {hasNext ? (
        <Link to={hrefFor(current + 1)} className={clsx(cell, "hover:bg-gray-100")} aria-label="下一页">
          <ChevronRight className="size-4" aria-hidden />
        </Link>
      ) : null}
    </nav>
  );
}

/** The pager a list's page calls for: numbered with a total, or step by step without one. */
export function ListPagination({
  list,
  hrefFor,
}: {
  list: Omit<PaginationProps, "hrefFor"> | Omit<StepPaginationProps, "hrefFor">;
  hrefFor: (page: number) => string;
}) {
  return "hasNext" in list ? (
    <StepPagination current={list.current} hasNext={list.hasNext} hrefFor={hrefFor} />
  ) : (
    <Pagination current={list.current} pages={list.pages} total={list.total} hrefFor={hrefFor} />
  );
}
