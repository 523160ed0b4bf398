import { type HistoryEntry, RestorableHistory } from "#app/components/history/restorable-history";

/** Plugin entries that hold a whole configuration to go back to. */
const restorable = (entry: HistoryEntry) =>
  (entry.type === "Add" || entry.type === "Edit" || entry.type === "Publish") && Object.keys(entry.config).length > 0;

/** 历史 of a plugin: every saved configuration, newest first. */
export function PluginHistory({ entries, closeTo }: { entries: HistoryEntry[]; closeTo: string }) {
  return <RestorableHistory entries={entries} closeTo={closeTo} restorable={restorable} idPrefix="plugin" />;
}
