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
          <div key={key} className="flex gap-3 rounded-card border border-gray-200 bg-white p-4">
            <Skeleton className="size-10 shrink-0" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3 w-full" />
              <Skeleton className="h-3 w-1/2" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
