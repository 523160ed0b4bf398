import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Download, MessageSquarePlus, Search, Upload } from "lucide-react";
import { Form, Link } from "react-router";
import { Button, buttonClass } from "#app/components/ui/button";
import { Card } from "#app/components/ui/card";
import { Confirm } from "#app/components/ui/confirm";
import { Field, FormErrors } from "#app/components/ui/field";
import { Input } from "#app/components/ui/input";
import { Pagination } from "#app/components/ui/pagination";
import { cellClass, Table } from "#app/components/ui/table";
import { Textarea } from "#app/components/ui/textarea";
import { withParams } from "#app/lib/url";
import { useSubmitting } from "#app/lib/use-submitting";
import { urlOf } from "#contract/api/endpoint";
import { knowledge } from "#contract/api/knowledge";
import type { Page } from "#contract/page";
import { qaSchema } from "./schemas";

interface QaPair {
  id: number;
  question: string;
  answer: string;
  docId: number;
}

interface QaPanelProps {
  qa: Page<QaPair>;
  q: string;
  here: string;
  canEdit: boolean;
  saveResult?: SubmissionResult<string[]>;
  importResult?: SubmissionResult<string[]>;
}

interface QaFormProps {
  pair?: QaPair;
  lastResult?: SubmissionResult<string[]>;
  /** Posts here (the page with the form open, so a mistake comes back to it); 取消 goes to `cancelTo`. */
  here: string;
  cancelTo: string;
}

function QaForm({ pair, lastResult, here, cancelTo }: QaFormProps) {
  const busy = useSubmitting("qa-save");
  const [form, fields] = useForm({
    id: `qa-${pair?.id ?? "new"}`,
    lastResult,
    defaultValue: { id: pair ? String(pair.id) : "", question: pair?.question ?? "", answer: pair?.answer ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: qaSchema }),
  });
  return (
    <Card title={pair ? "编辑问答" : "添加问答"}>
      <Form method="post" action={here} preventScrollReset {...getFormProps(form)} className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="qa-save" />
        <input {...getInputProps(fields.id, { type: "hidden" })} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field label="问题" field={fields.question}>
          <Input {...getInputProps(fields.question, { type: "text" })} maxLength={500} autoFocus />
        </Field>
        <Field label="答案" field={fields.answer}>
          <Textarea {...getTextareaProps(fields.answer)} rows={4} maxLength={5000} />
        </Field>
        <div className="flex justify-end gap-2">
          <Link to={cancelTo} replace preventScrollReset className={buttonClass("secondary")}>
            取消
          </Link>
          <Button type="submit" loading={busy}>
            保存
          </Button>
        </div>
      </Form>
    </Card>
  );
}

function ImportForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const busy = useSubmitting("qa-import");
  const error = lastResult?.error?.file?.[0];
  return (
    <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="qa-import" />
      <label className="text-[13px] text-gray-600" htmlFor="qa-import-file">
        从 Excel 导入
      </label>
      <input
        id="qa-import-file"
        type="file"
        name="file"
        accept=".xlsx"
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "qa-import-error" : undefined}
        className="max-w-56 text-[13px]"
      />
      <Button type="submit" size="sm" variant="secondary" loading={busy}>
        <Upload className="size-4" aria-hidden />
        导入
      </Button>
      <a href={urlOf(knowledge.qaTemplate, {})} download className={buttonClass("ghost", "sm")}>
        <Download className="size-4" aria-hidden />
        下载模板
      </a>
      {error ? (
        <p id="qa-import-error" role="alert" className="w-full text-[13px] text-danger-600">
          {error}
        </p>
      ) : null}
    </Form>
  );
}

/** QA问答: the pairs (added by hand, imported from Excel or generated from documents), paged and searchable. */
export function QaPanel({ qa, q, here, canEdit, saveResult, importResult }: QaPanelProps) {
  const url = new URL(here, "http://relative.invalid");
  const editing = url.searchParams.get("editQa");
  const deleting = qa.records.find((p) => String(p.id) === url.searchParams.get("deleteQa"));
  const closed = withParams(here, { editQa: null, deleteQa: null });
  const editPair = qa.records.find((p) => String(p.id) === editing);
  return (
    <section aria-label="QA问答" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Form method="get" className="flex gap-2" role="search">
          <input type="hidden" name="tab" value="qa" />
          <Input name="q" defaultValue={q} placeholder="搜索问题" aria-label="搜索问题" maxLength={200} />
          <Button type="submit" variant="secondary" aria-label="搜索">
            <Search className="size-4" aria-hidden />
          </Button>
        </Form>
        {canEdit ? (
          <Link to={withParams(here, { editQa: "new", deleteQa: null })} className={buttonClass("primary", "sm")}>
            <MessageSquarePlus className="size-4" aria-hidden />
            添加问答
          </Link>
        ) : null}
      </div>
      {canEdit ? <ImportForm lastResult={importResult} /> : null}
      {canEdit && (editing === "new" || editPair) ? (
        <QaForm key={editing} pair={editPair} lastResult={saveResult} here={here} cancelTo={closed} />
      ) : null}
      {deleting ? (
        <Confirm title="删除问答" description={`确定删除问答「${deleting.question}」吗？`} cancelTo={closed}>
          <Form method="post" action={closed} className="flex justify-end gap-2">
            <input type="hidden" name="intent" value="qa-delete" />
            <input type="hidden" name="id" value={deleting.id} />
            <Link to={closed} replace preventScrollReset className={buttonClass("secondary")}>
              取消
            </Link>
            <Button type="submit" variant="danger">
              确认删除
            </Button>
          </Form>
        </Confirm>
      ) : null}
      <Table
        label="问答列表"
        columns={[
          "问题",
          "答案",
          { label: "来源", className: "w-20" },
          ...(canEdit ? [{ label: "操作", className: "w-28" }] : []),
        ]}
        empty={q ? `没有包含「${q}」的问题` : "还没有问答。可以手动添加、从 Excel 导入，或在文档中点击“生成问答”。"}
      >
        {qa.records.map((pair) => (
          <tr key={pair.id}>
            <td className={cellClass}>{pair.question}</td>
            <td className={`${cellClass} whitespace-pre-wrap`}>{pair.answer}</td>
            <td className={`${cellClass} text-[13px] text-gray-500`}>{pair.docId ? "文档生成" : "手动"}</td>
            {canEdit ? (
              <td className={cellClass}>
                <div className="flex gap-1">
                  <Link
                    to={withParams(here, { editQa: pair.id, deleteQa: null })}
                    preventScrollReset
                    className={buttonClass("ghost", "sm")}
                    aria-label={`编辑问答：${pair.question}`}
                  >
                    编辑
                  </Link>
                  <Link
                    to={withParams(here, { deleteQa: pair.id, editQa: null })}
                    preventScrollReset
                    className={buttonClass("ghost", "sm", "text-danger-700")}
                    aria-label={`删除问答：${pair.question}`}
                  >
                    删除
                  </Link>
                </div>
              </td>
            ) : null}
          </tr>
        ))}
      </Table>
      <Pagination
        current={qa.current}
        pages={qa.pages}
        total={qa.total}
        hrefFor={(page) => withParams(here, { page, editQa: null, deleteQa: null })}
      />
    </section>
  );
}
