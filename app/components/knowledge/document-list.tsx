import { clsx } from "clsx";
import { FilePlus2, FileText, RefreshCw, RotateCcw, Search, Type } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button, buttonClass } from "#app/components/ui/button";
import { EmptyState } from "#app/components/ui/empty-state";
import { Input } from "#app/components/ui/input";
import { Pagination } from "#app/components/ui/pagination";
import { withParams } from "#app/lib/url";
import type { KnowledgeDocumentInfo } from "#contract/api/knowledge";
import type { Page } from "#contract/page";
import { DocProgress, DocStatusBadge } from "./doc-status";
import { inProgress, knowledgeAddPath } from "./paths";

interface DocumentListProps {
  kb: { id: number; spaceId: number };
  docs: Page<KnowledgeDocumentInfo>;
  /** The documents with their live status (useLiveDocs). */
  live: KnowledgeDocumentInfo[];
  selectedId: number | null;
  q: string;
  /** The page's address (path and query). */
  here: string;
}

/** 添加内容: upload local documents or paste text. */
export function AddContentLinks({ kb }: { kb: { id: number; spaceId: number } }) {
  return (
    <div className="flex gap-2">
      <Link to={knowledgeAddPath(kb, "file")} className={buttonClass("primary", "sm")}>
        <FilePlus2 className="size-4" aria-hidden />
        上传文档
      </Link>
      <Link to={knowledgeAddPath(kb, "text")} className={buttonClass("secondary", "sm")}>
        <Type className="size-4" aria-hidden />
        粘贴文本
      </Link>
    </div>
  );
}

function RetryForm({ docId, name }: { docId: number; name: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("docId") === String(docId);
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="retry" />
      <input type="hidden" name="docId" value={docId} />
      <Button type="submit" size="sm" variant="secondary" loading={busy} aria-label={`重试${name}`}>
        <RotateCcw className="size-3.5" aria-hidden />
        重试
      </Button>
    </Form>
  );
}

/** The documents with their live status, a name filter, paging, and 刷新 for pages without JavaScript. */
export function DocumentList({ kb, docs, live, selectedId, q, here }: DocumentListProps) {
  const hydrated = useHydrated();
  const pending = live.some((d) => inProgress(d.docStatusCode));
  if (docs.total === 0 && !q) {
    return (
      <EmptyState
        icon={FileText}
        title="知识库里还没有文档"
        description="上传 Word、PDF、Markdown、TXT 或 JSON 文档，或直接粘贴一段文本；处理完成后即可检索。"
        action={<AddContentLinks kb={kb} />}
      />
    );
  }
  return (
    <section aria-label="文档列表" className="flex flex-col gap-3">
      <Form method="get" className="flex gap-2" role="search">
        <input type="hidden" name="tab" value="docs" />
        <Input name="q" defaultValue={q} placeholder="搜索文档名称" aria-label="搜索文档名称" maxLength={200} />
        <Button type="submit" variant="secondary" aria-label="搜索">
          <Search className="size-4" aria-hidden />
        </Button>
      </Form>
      {pending && !hydrated ? (
        <p className="flex items-center justify-between rounded-md bg-warning-50 px-3 py-2 text-[13px] text-warning-700">
          有文档正在处理中。
          <Link to={here} className="inline-flex items-center gap-1 underline">
            <RefreshCw className="size-3.5" aria-hidden />
            刷新
          </Link>
        </p>
      ) : null}
      {live.length === 0 ? <p className="py-6 text-center text-gray-500">没有名称包含「{q}」的文档</p> : null}
      <ul className="flex flex-col gap-1.5">
        {live.map((doc) => (
          <li
            key={doc.id}
            className={clsx(
              "flex flex-col gap-1.5 rounded-md border px-3 py-2",
              doc.id === selectedId ? "border-primary-500 bg-primary-50" : "border-gray-200 bg-white",
            )}
          >
            <div className="flex items-center gap-2">
              <Link
                to={withParams(here, { doc: doc.id, segPage: null })}
                preventScrollReset
                aria-current={doc.id === selectedId ? "true" : undefined}
                className="min-w-0 flex-1 truncate font-medium hover:underline"
              >
                {doc.name}
              </Link>
              <DocStatusBadge doc={doc} />
            </div>
            <DocProgress doc={doc} />
            {doc.docStatusCode === 10 ? (
              <div className="flex items-start justify-between gap-2">
                <p className="text-[13px] text-danger-700">{doc.docStatusReason || "处理失败"}</p>
                <RetryForm docId={doc.id} name={doc.name} />
              </div>
            ) : doc.docStatusCode === 2 ? (
              <p className="text-[13px] text-gray-500">
                {doc.segmentCount} 个分段 · {doc.charCount} 字
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <Pagination
        current={docs.current}
        pages={docs.pages}
        total={docs.total}
        hrefFor={(page) => withParams(here, { page, doc: null, segPage: null })}
      />
    </section>
  );
}
