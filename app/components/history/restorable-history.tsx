import { RotateCcw } from "lucide-react";
import { Form, useNavigation } from "react-router";
import type { z } from "zod";
import { Button } from "#app/components/ui/button";
import { formatDateTime } from "#app/lib/format";
import type { pluginHistorySchema } from "#contract/api/plugin";
import { HistoryDrawer } from "./history-drawer";

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
    <HistoryDrawer
      entries={entries}
      closeTo={closeTo}
      title="历史"
      emptyText="还没有历史记录。"
      titleId={`${idPrefix}-history-title`}
      action={(entry) =>
        restorable(entry) ? (
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
        ) : null
      }
    />
  );
}
