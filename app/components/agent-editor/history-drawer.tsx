import { X } from "lucide-react";
import { Link } from "react-router";
import { displayName, formatDateTime } from "#app/lib/format";
import { historyKindLabels } from "#app/lib/labels";
import type { HistoryEntry } from "#app/routes/agent-editor.server";
import { Badge } from "../ui/badge";
import { DrawerBackdrop } from "../ui/drawer-backdrop";

interface HistoryDrawerProps {
  entries: HistoryEntry[];
  /** The editor without ?history. */
  closeTo: string;
}

/** 变更记录: every change to the agent with its kind, what changed, who and when (newest first). */
export function HistoryDrawer({ entries, closeTo }: HistoryDrawerProps) {
  return (
    <>
      <DrawerBackdrop closeTo={closeTo} />
      <aside
        aria-labelledby="history-title"
        className="fixed inset-y-0 right-0 z-50 flex w-[min(420px,100vw)] flex-col border-gray-200 border-l bg-white shadow-xl"
      >
        <header className="flex items-center justify-between border-gray-200 border-b px-4 py-3">
          <h2 id="history-title" className="font-semibold text-base">
            变更记录
          </h2>
          <Link
            to={closeTo}
            replace
            preventScrollReset
            className="rounded p-1 text-gray-500 hover:bg-gray-100"
            aria-label="关闭变更记录"
          >
            <X className="size-4" aria-hidden />
          </Link>
        </header>
        {entries.length === 0 ? (
          <p className="p-4 text-gray-500">还没有变更记录。</p>
        ) : (
          <ol className="flex-1 divide-y divide-gray-100 overflow-y-auto">
            {entries.map((entry) => (
              <li key={entry.id} className="flex flex-col gap-1 px-4 py-3">
                <div className="flex items-center gap-2">
                  <Badge tone="primary">{historyKindLabels[entry.type]}</Badge>
                  <span className="min-w-0 flex-1 truncate">{entry.description}</span>
                </div>
                <p className="text-[13px] text-gray-500" suppressHydrationWarning>
                  {entry.opUser ? displayName(entry.opUser) : "未知用户"} · {formatDateTime(entry.created)}
                </p>
              </li>
            ))}
          </ol>
        )}
      </aside>
    </>
  );
}
