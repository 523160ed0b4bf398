import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Sparkles, Trash2 } from "lucide-react";
import { Form, Link } from "react-router";
import { Button, buttonClass } from "#app/components/ui/button";
import { Confirm } from "#app/components/ui/confirm";
import { Field, FormErrors } from "#app/components/ui/field";
import { Input } from "#app/components/ui/input";
import { Pagination } from "#app/components/ui/pagination";
import { formatRelative } from "#app/lib/format";
import { withParams } from "#app/lib/url";
import { useSubmitting } from "#app/lib/use-submitting";
import type { KnowledgeDocumentInfo } from "#contract/api/knowledge";
import type { Page } from "#contract/page";
import { DocProgress, DocStatusBadge } from "./doc-status";
import { renameDocSchema } from "./schemas";

interface Segment {
  id: number;
  rawTxt: string;
  sortIndex: number;
}

interface DocumentPaneProps {
  doc: KnowledgeDocumentInfo;
  segments: Page<Segment> | null;
  here: string;
  canEdit: boolean;
  renameResult?: SubmissionResult<string[]>;
}

/** Segments can be read once segmentation is done (codes 2, 4, 5; reference §1.14). */
const segmented = (code: number) => code === 2 || code === 4 || code === 5;

function RenameForm({ doc, lastResult }: { doc: KnowledgeDocumentInfo; lastResult?: SubmissionResult<string[]> }) {
  const busy = useSubmitting("rename-doc");
  const [form, fields] = useForm({
    id: `rename-doc-${doc.id}`,
    lastResult,
    defaultValue: { docId: String(doc.id), name: doc.name },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: renameDocSchema }),
  });
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className="flex flex-col gap-2">
      <input type="hidden" name="intent" value="rename-doc" />
      <input {...getInputProps(fields.docId, { type: "hidden" })} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field label="文档名称" field={fields.name}>
        <div className="flex gap-2">
          <Input {...getInputProps(fields.name, { type: "text" })} maxLength={200} />
          <Button type="submit" variant="secondary" loading={busy}>
            重命名
          </Button>
        </div>
      </Field>
    </Form>
  );
}

/** The chosen document: its status, rename, 生成问答, delete, and its segments page by page (read-only). */
export function DocumentPane({ doc, segments, here, canEdit, renameResult }: DocumentPaneProps) {
  const url = new URL(here, "http://relative.invalid");
  const deleting = url.searchParams.get("deleteDoc") === String(doc.id);
  const cancelTo = withParams(here, { deleteDoc: null });
  return (
    <section aria-label={`文档：${doc.name}`} className="flex flex-col gap-4">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="truncate font-semibold text-base">{doc.name}</h2>
          <p className="flex flex-wrap items-center gap-2 text-[13px] text-gray-500">
            <DocStatusBadge doc={doc} />
            <span suppressHydrationWarning>更新于 {formatRelative(doc.modified)}</span>
            {doc.docUrl ? (
              <a href={doc.docUrl} className="underline" target="_blank" rel="noreferrer">
                下载原文件
              </a>
            ) : null}
          </p>
        </div>
        {canEdit ? (
          <div className="flex gap-2">
            {doc.docStatusCode === 2 ? (
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="generate-qa" />
                <input type="hidden" name="docId" value={doc.id} />
                <Button type="submit" size="sm" variant="secondary">
                  <Sparkles className="size-4" aria-hidden />
                  生成问答
                </Button>
              </Form>
            ) : null}
            <Link
              to={withParams(here, { deleteDoc: doc.id })}
              preventScrollReset
              className={buttonClass("ghost", "sm", "text-danger-700")}
            >
              <Trash2 className="size-4" aria-hidden />
              删除
            </Link>
          </div>
        ) : null}
      </header>
      <DocProgress doc={doc} />
      {doc.docStatusCode === 10 ? (
        <p role="alert" className="rounded-md bg-danger-50 px-3 py-2 text-danger-700">
          处理失败：{doc.docStatusReason || "原因未知"}
        </p>
      ) : null}
      {deleting ? (
        <Confirm
          title="删除文档"
          description={`确定删除文档「${doc.name}」吗？它的分段和向量会一并删除。`}
          cancelTo={cancelTo}
        >
          <Form method="post" action={cancelTo} className="flex justify-end gap-2">
            <input type="hidden" name="intent" value="delete-doc" />
            <input type="hidden" name="docId" value={doc.id} />
            <Link to={cancelTo} replace preventScrollReset className={buttonClass("secondary")}>
              取消
            </Link>
            <Button type="submit" variant="danger">
              确认删除
            </Button>
          </Form>
        </Confirm>
      ) : null}
      {canEdit ? (
        <details className="rounded-md border border-gray-200 bg-white px-3 py-2" open={Boolean(renameResult)}>
          <summary className="cursor-pointer text-[13px] text-gray-600">重命名</summary>
          <div className="pt-2">
            <RenameForm doc={doc} lastResult={renameResult} />
          </div>
        </details>
      ) : null}
      <SegmentList doc={doc} segments={segments} here={here} />
    </section>
  );
}

function SegmentList({
  doc,
  segments,
  here,
}: {
  doc: KnowledgeDocumentInfo;
  segments: Page<Segment> | null;
  here: string;
}) {
  if (!segmented(doc.docStatusCode) || !segments) {
    return (
      <p className="rounded-md border border-gray-300 border-dashed px-4 py-8 text-center text-gray-500">
        {doc.docStatusCode === 10 ? "文档处理失败，没有分段。" : "文档正在处理，分段完成后显示在这里。"}
      </p>
    );
  }
  if (segments.total === 0) {
    return <p className="py-6 text-center text-gray-500">这个文档没有可用的分段。</p>;
  }
  return (
    <section aria-label="分段" className="flex flex-col gap-2">
      <h3 className="font-medium text-gray-700">分段（{segments.total}）</h3>
      <ol className="flex flex-col gap-2">
        {segments.records.map((s) => (
          <li key={s.id} className="rounded-md border border-gray-200 bg-white px-3 py-2">
            <p className="mb-1 text-[12px] text-gray-400">#{s.sortIndex + 1}</p>
            <p className="whitespace-pre-wrap break-words leading-relaxed">{s.rawTxt}</p>
          </li>
        ))}
      </ol>
      <Pagination
        current={segments.current}
        pages={segments.pages}
        total={segments.total}
        hrefFor={(segPage) => withParams(here, { segPage })}
      />
    </section>
  );
}
