import { RotateCcw, X } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import type { z } from "zod";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { DrawerBackdrop } from "#app/components/ui/drawer-backdrop";
import { displayName, formatDateTime } from "#app/lib/format";
import { historyKindLabels } from "#app/lib/labels";
import type { pluginHistorySchema } from "#contract/api/plugin";

/** What the drawer shows of an entry (plugin and workflow histories share it). */
export type HistoryEntry = Pick<
  z.infer<typeof pluginHistorySchema>,
  "id" | "type" | "description" | "opUser" | "created" | "config"
>;

interface RestorableHistoryProps {
  entries: HistoryEntry[];
  /** The page without ?history. */
  closeTo: string;
  /** Entries that hold a whole configuration to go back to. */
  restorable: (entry: HistoryEntry) => boolean;
  /** Distinguishes the heading's id per page. */
  idPrefix: string;
}

/**
 * 历史: every saved configuration, newest first, each restorable one with 恢复 (posting `intent=restore` with its
 * `historyId`; the restore is itself a new entry).
 */
export function RestorableHistory({ entries, closeTo, restorable, idPrefix }: RestorableHistoryProps) {
  const navigation = useNavigation();
  const restoring = navigation.formData?.get("intent") === "restore" ? navigation.formData.get("historyId") : null;
  return (
    <>
      <DrawerBackdrop closeTo={closeTo} />
      <aside
        aria-labelledby={`${idPrefix}-history-title`}
        className="fixed inset-y-0 right-0 z-50 flex w-[min(420px,100vw)] flex-col border-gray-200 border-l bg-white shadow-xl"
      >
        <header className="flex items-center justify-between border-gray-200 border-b px-4 py-3">
          <h2 id={`${idPrefix}-history-title`} className="font-semibold text-base">
            历史
          </h2>
          <Link
            to={closeTo}
            replace
            preventScrollReset
            className="rounded p-1 text-gray-500 hover:bg-gray-100"
            aria-label="关闭历史"
          >
            <X className="size-4" aria-hidden />
          </Link>
        </header>
        {entries.length === 0 ? (
          <p className="p-4 text-gray-500">还没有历史记录。</p>
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
                  {restorable(entry) ? (
                    <Form method="post">
                      <input type="hidden" name="historyId" value={entry.id} />
                      <Button
                        type="submit"
                        name="intent"
                        value="restore"
                        variant="ghost"
                        size="sm"
                        loading={restoring === String(entry.id)}
                        aria-label={`恢复到 ${formatDateTime(entry.created)} 的版本`}
                      >
                        <RotateCcw className="size-3.5" aria-hidden />
                        恢复
                      </Button>
                    </Form>
                  ) : null}
                </div>
              </li>
            ))}
          </ol>
        )}
      </aside>
    </>
  );
}
