import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { FileUp, X } from "lucide-react";
import { Form, Link } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import type { z } from "zod";
import { useUploads } from "#app/components/chat/use-uploads";
import { Button, buttonClass } from "#app/components/ui/button";
import { Field, FormErrors } from "#app/components/ui/field";
import { Input } from "#app/components/ui/input";
import { Textarea } from "#app/components/ui/textarea";
import { useSubmitting } from "#app/lib/use-submitting";
import { KNOWLEDGE_FILE_TYPES } from "./paths";
import { addFilesSchema, addTextSchema } from "./schemas";
import { SegmentFields, segmentDefaults } from "./segment-fields";

interface AddFormProps {
  lastResult?: SubmissionResult<string[]>;
  /** The knowledge page (取消). */
  backTo: string;
}

function Actions({ backTo, busy, disabled }: { backTo: string; busy: boolean; disabled?: boolean }) {
  return (
    <div className="flex justify-end gap-2">
      <Link to={backTo} className={buttonClass("secondary")}>
        取消
      </Link>
      <Button type="submit" loading={busy} disabled={disabled}>
        开始处理
      </Button>
    </div>
  );
}

/** 粘贴文本: a name and the text, with the segment settings. */
export function AddTextForm({ lastResult, backTo }: AddFormProps) {
  const busy = useSubmitting("add-text");
  const [form, fields] = useForm<z.input<typeof addTextSchema>>({
    id: "add-text",
    lastResult,
    defaultValue: segmentDefaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addTextSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="add-text" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field label="文档名称" field={fields.name}>
        <Input {...getInputProps(fields.name, { type: "text" })} maxLength={200} autoFocus />
      </Field>
      <Field label="文本内容" field={fields.fileContent}>
        <Textarea {...getTextareaProps(fields.fileContent)} rows={12} />
      </Field>
      <SegmentFields fields={fields} />
      <Actions backTo={backTo} busy={busy} />
    </Form>
  );
}

/**
 * 上传文档: with JavaScript each picked file uploads at once with its own progress bar, and the form posts what
 * the uploads answered; without it the files go with the form (multipart) and the server uploads them.
 */
export function AddFilesForm({ lastResult, backTo }: AddFormProps) {
  const hydrated = useHydrated();
  const busy = useSubmitting("add-files");
  const { uploads, add, remove } = useUploads();
  const [form, fields] = useForm<z.input<typeof addFilesSchema>>({
    id: "add-files",
    lastResult,
    defaultValue: segmentDefaults,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addFilesSchema }),
  });
  const done = uploads.flatMap((u) => (u.status === "done" && u.attachment ? [u.attachment] : []));
  const uploading = uploads.some((u) => u.status === "uploading");
  const fileError = fields.fileList.errors?.[0];
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="add-files" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="flex flex-col gap-1.5">
        <label htmlFor="knowledge-files" className="font-medium text-gray-800">
          选择文档
        </label>
        <label className="flex cursor-pointer flex-col items-center gap-2 rounded-md border border-gray-300 border-dashed bg-white px-4 py-8 text-center hover:border-primary-500">
          <FileUp className="size-8 text-gray-400" aria-hidden />
          <span className="text-gray-600">支持 .docx .pdf .md .txt .json .doc，单个文件不超过系统限制</span>
          <input
            id="knowledge-files"
            type="file"
            multiple
            accept={KNOWLEDGE_FILE_TYPES}
            // With JavaScript the files are uploaded on pick and must not be sent again with the form.
            name={hydrated ? undefined : "files"}
            onChange={(e) => {
              const picked = Array.from(e.currentTarget.files ?? []);
              e.currentTarget.value = "";
              if (picked.length) add(picked);
            }}
            className="text-[13px]"
          />
        </label>
        {fileError ? (
          <p role="alert" className="text-[13px] text-danger-600">
            {fileError}
          </p>
        ) : null}
      </div>
      {uploads.length ? (
        <ul aria-label="上传进度" className="flex flex-col gap-1.5">
          {uploads.map((u) => (
            <li key={u.id} className="flex flex-col gap-1 rounded-md border border-gray-200 bg-white px-3 py-2">
              <div className="flex items-center gap-2">
                <span className="min-w-0 flex-1 truncate">{u.fileName}</span>
                <span className="text-[13px] text-gray-500 tabular-nums">
                  {u.status === "error" ? "上传失败" : u.status === "done" ? "已上传" : `${u.progress}%`}
                </span>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={`移除${u.fileName}`}
                  onClick={() => remove(u.id)}
                >
                  <X className="size-4" aria-hidden />
                </Button>
              </div>
              {u.status === "uploading" ? (
                <div
                  role="progressbar"
                  aria-label={`${u.fileName} 上传进度`}
                  aria-valuenow={u.progress}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  className="h-1 overflow-hidden rounded bg-gray-100"
                >
                  <div className="h-full bg-primary-500" style={{ width: `${u.progress}%` }} />
                </div>
              ) : null}
              {u.error ? <p className="text-[13px] text-danger-600">{u.error}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {done.map((a, i) => (
        <div key={a.fileKey} hidden>
          <input type="hidden" name={`fileList[${i}].name`} value={a.fileName} />
          <input type="hidden" name={`fileList[${i}].docUrl`} value={a.fileUrl} />
        </div>
      ))}
      <SegmentFields fields={fields} />
      <Actions backTo={backTo} busy={busy} disabled={uploading} />
    </Form>
  );
}
