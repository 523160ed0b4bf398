import { displayName, formatDateTime } from "#app/lib/format";
import { type HistoryKind, historyKindLabels } from "#app/lib/labels";
import type { endpoints, ResponseOf } from "#contract/api";

export type HistoryEntry = ResponseOf<typeof endpoints.agent.history>[number];

/** The history kinds that belong to publishing (reference Appendix A, action log kinds). */
const publishKinds = new Set<HistoryKind>(["PublishApply", "Publish", "PublishApplyReject", "OffShelf"]);

/** Applications, approvals, rejections and take-downs, newest first. */
export function PublishHistory({ entries }: { entries: HistoryEntry[] }) {
  const publishing = entries.filter((e) => publishKinds.has(e.type));
  if (!publishing.length) return <p className="text-gray-500">暂无发布历史。</p>;
  return (
    <ol className="flex flex-col gap-3 border-gray-200 border-l pl-4">
      {publishing.map((e) => (
        <li key={e.id} className="flex flex-col">
          <span className="font-medium">{historyKindLabels[e.type]}</span>
          <span className="text-gray-600">{e.description}</span>
          <span className="text-[13px] text-gray-400">
            <span suppressHydrationWarning>{formatDateTime(e.created)}</span>
            {e.opUser ? ` · ${displayName(e.opUser)}` : ""}
          </span>
        </li>
      ))}
    </ol>
  );
}
