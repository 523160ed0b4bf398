import { type HistoryEntry, RestorableHistory } from "#app/components/history/restorable-history";

/** Every workflow entry holds the whole workflow as it was after that change (node edits included). */
const restorable = (entry: HistoryEntry) => Object.keys(entry.config).length > 0;

/** 历史 of a workflow: every saved graph, newest first. */
export function WorkflowHistory({ entries, closeTo }: { entries: HistoryEntry[]; closeTo: string }) {
  return <RestorableHistory entries={entries} closeTo={closeTo} restorable={restorable} idPrefix="workflow" />;
}
