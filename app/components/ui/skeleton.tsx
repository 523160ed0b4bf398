import { clsx } from "clsx";

/** A grey placeholder block that pulses while its content loads. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={clsx("animate-pulse rounded-md bg-gray-200", className)} />;
}

/**
 * What a page looks like while the next one loads: a title, a toolbar and a list of rows, in the page's place.
 * It fades in only after a short delay (app.css), so a quick navigation keeps the old page on screen instead.
 */
export function PageSkeleton() {
  return (
    <div className="page-skeleton absolute inset-0 z-20 flex flex-col gap-4 overflow-hidden bg-gray-50 p-4 md:p-8">
      <span className="sr-only">正在加载页面</span>
      <Skeleton className="h-7 w-40" />
      <Skeleton className="h-4 w-64 max-w-full" />
      <div className="flex gap-2">
        <Skeleton className="h-9 w-24" />
        <Skeleton className="h-9 w-24" />
        <Skeleton className="ml-auto h-9 w-32" />
      </div>
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {["a", "b", "c", "d", "e", "f"].map((key) => (
          <CardSkeleton key={key} icon="size-10" />
        ))}
      </div>
    </div>
  );
}

/** One card's place: an icon and three lines of text. */
function CardSkeleton({ icon = "size-12" }: { icon?: string }) {
  return (
    <div className="flex gap-3 rounded-card border border-gray-200 bg-white p-4">
      <Skeleton className={clsx(icon, "shrink-0")} />
      <div className="flex flex-1 flex-col gap-2">
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-3 w-full" />
        <Skeleton className="h-3 w-1/2" />
      </div>
    </div>
  );
}

const keys = (count: number) => Array.from({ length: count }, (_, i) => `s${i}`);

/** The place of a grid of cards (智能体开发) while it loads: icon, name and two lines of text per card. */
export function CardGridSkeleton({ count = 6, label = "正在加载列表" }: { count?: number; label?: string }) {
  return (
    <div role="status" aria-label={label} className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
      {keys(count).map((key) => (
        <CardSkeleton key={key} />
      ))}
    </div>
  );
}

/** The place of a list of rows in a card (组件库, 历史会话) while it loads: icon, two lines and a date per row. */
export function RowListSkeleton({ count = 5, label = "正在加载列表" }: { count?: number; label?: string }) {
  return (
    <ul
      role="status"
      aria-label={label}
      className="flex flex-col divide-y divide-gray-100 rounded-card border border-gray-200 bg-white"
    >
      {keys(count).map((key) => (
        <li key={key} className="flex items-center gap-3 px-4 py-3">
          <Skeleton className="size-9 shrink-0 rounded-lg" />
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-2/3" />
          </div>
          <Skeleton className="h-3 w-16" />
        </li>
      ))}
    </ul>
  );
}

/** The place of a data table (系统管理) while it loads: its header row and a few rows of cells. */
export function TableSkeleton({
  columns = 5,
  rows = 6,
  label = "正在加载列表",
}: {
  columns?: number;
  rows?: number;
  label?: string;
}) {
  return (
    <div role="status" aria-label={label} className="overflow-hidden rounded-card border border-gray-200 bg-white">
      <div className="flex gap-4 border-gray-200 border-b bg-gray-50 px-4 py-3">
        {keys(columns).map((key) => (
          <Skeleton key={key} className="h-3 flex-1" />
        ))}
      </div>
      {keys(rows).map((row) => (
        <div key={row} className="flex gap-4 border-gray-100 border-b px-4 py-3.5 last:border-b-0">
          {keys(columns).map((key) => (
            <Skeleton key={key} className="h-4 flex-1" />
          ))}
        </div>
      ))}
    </div>
  );
}
