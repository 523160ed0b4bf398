import { Badge, type BadgeTone } from "#app/components/ui/badge";
import { docStatuses, type KnowledgeDocumentInfo } from "#contract/api/knowledge";
import { inProgress } from "./paths";

type Doc = Pick<KnowledgeDocumentInfo, "docStatusCode" | "docStatusDesc" | "docStatusReason" | "progress">;

const toneOf = (code: number): BadgeTone => (code === 2 ? "success" : code === 10 ? "danger" : "warning");

/** The stage's name (分析中 → 分段中 → 向量化 → 已完成, or 失败), with the percentage while it runs. */
export function DocStatusBadge({ doc }: { doc: Doc }) {
  const label = doc.docStatusDesc || docStatuses[doc.docStatusCode]?.docStatusDesc || String(doc.docStatusCode);
  return (
    <span className="inline-flex items-center gap-1.5" data-status={doc.docStatusCode}>
      <Badge tone={toneOf(doc.docStatusCode)}>{label}</Badge>
      {inProgress(doc.docStatusCode) ? (
        <span className="text-[13px] text-gray-500 tabular-nums">{doc.progress}%</span>
      ) : null}
    </span>
  );
}

/** A thin bar under a document that is still being processed. */
export function DocProgress({ doc }: { doc: Doc }) {
  if (!inProgress(doc.docStatusCode)) return null;
  return (
    <div
      role="progressbar"
      aria-label="处理进度"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={doc.progress}
      className="h-1 w-full overflow-hidden rounded bg-gray-100"
    >
      <div className="h-full bg-primary-500 transition-[width]" style={{ width: `${doc.progress}%` }} />
    </div>
  );
}
