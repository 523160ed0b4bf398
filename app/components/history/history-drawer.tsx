import { X } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { z } from "zod";
import { Badge } from "#app/components/ui/badge";
import { DrawerBackdrop } from "#app/components/ui/drawer-backdrop";
import { displayName, formatDateTime } from "#app/lib/format";
import { historyKindLabels } from "#app/lib/labels";
import type { pluginHistorySchema } from "#contract/api/plugin";

/** What the drawer shows of any history entry (agents, plugins and workflows share the shape). */
export type DrawerEntry = Pick<
  z.infer<typeof pluginHistorySchema>,
  "id" | "type" | "description" | "opUser" | "created"
>;

interface HistoryDrawerProps<E extends DrawerEntry> {
  entries: E[];
  /** The page without ?history. */
  closeTo: string;
  /** 变更记录, 历史 … : the heading, and what the close button and the empty list name. */
  title: string;
  emptyText: string;
  titleId: string;
  /** Beside an entry's author and time, e.g. its 恢复 button. */
  action?: (entry: E) => ReactNode;
}

/** A drawer over the page listing a history, newest first: each entry's kind, what changed, who and when. */
export function HistoryDrawer<E extends DrawerEntry>({
  entries,
  closeTo,
  title,
  emptyText,
  titleId,
  action,
}: HistoryDrawerProps<E>) {
  return (
    <>
      <DrawerBackdrop closeTo={closeTo} />
      <aside
        aria-labelledby={titleId}
        className="fixed inset-y-0 right-0 z-50 flex w-[min(420px,100vw)] flex-col border-gray-200 border-l bg-white shadow-xl"
      >
        <header className="flex items-center justify-between border-gray-200 border-b px-4 py-3">
          <h2 id={titleId} className="font-semibold text-base">
            {title}
          </h2>
          <Link
            to={closeTo}
            replace
            preventScrollReset
            className="rounded p-1 text-gray-500 hover:bg-gray-100"
            aria-label={`关闭${title}`}
          >
            <X className="size-4" aria-hidden />
          </Link>
        </header>
        {entries.length === 0 ? (
          <p className="p-4 text-gray-500">{emptyText}</p>
        ) : (
          <ol className="flex-1 divide-y divide-gray-100 overflow-y-auto">
            {entries.map((entry) => (
              <li key={entry.id} className="flex flex-col gap-1 px-4 py-3">
                <div className="flex items-center gap-2">
                  <Badge tone="primary">{historyKindLabels[entry.type]}</Badge>
                  <span className="min-w-0 flex-1 truncate">{entry.description}</span>
                </div>
                <div className="flex items-center justify-between gap-2">
                  <p className="text-[13px] text-gray-500" suppressHydrationWarning>
                    {entry.opUser ? displayName(entry.opUser) : "未知用户"} · {formatDateTime(entry.created)}
                  </p>
                  {action?.(entry)}
                </div>
              </li>
            ))}
          </ol>
        )}
      </aside>
    </>
  );
}
