import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Trash2 } from "lucide-react";
import { Form, Link } from "react-router";
import { Button, buttonClass } from "#app/components/ui/button";
import { Card } from "#app/components/ui/card";
import { Confirm } from "#app/components/ui/confirm";
import { Field, FormErrors } from "#app/components/ui/field";
import { Input } from "#app/components/ui/input";
import { Select, type SelectOption } from "#app/components/ui/select";
import { Textarea } from "#app/components/ui/textarea";
import { withParams } from "#app/lib/url";
import { useSubmitting } from "#app/lib/use-submitting";
import type { KnowledgeInfo } from "#contract/api/knowledge";
import { settingsSchema } from "./schemas";

interface SettingsPanelProps {
  kb: KnowledgeInfo;
  embeddingOptions: SelectOption[];
  here: string;
  lastResult?: SubmissionResult<string[]>;
}

/** 设置: rename, description, embedding model (changing it re-embeds every document), and deleting the base. */
export function SettingsPanel({ kb, embeddingOptions, here, lastResult }: SettingsPanelProps) {
  const busy = useSubmitting("settings");
  const canEdit = kb.permissions.includes("Edit");
  const canDelete = kb.permissions.includes("Delete");
  const [form, fields] = useForm({
    id: "knowledge-settings",
    lastResult,
    defaultValue: { name: kb.name, description: kb.description, embeddingModelId: String(kb.embeddingModelId) },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: settingsSchema }),
  });
  const confirming = new URL(here, "http://relative.invalid").searchParams.get("confirm") === "delete";
  const cancelTo = withParams(here, { confirm: null });
  return (
    <div className="flex max-w-xl flex-col gap-6">
      <Card title="基本信息">
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="settings" />
          <FormErrors id={form.errorId} errors={form.errors} />
          <fieldset disabled={!canEdit} className="flex flex-col gap-4">
            <Field label="名称" field={fields.name}>
              <Input {...getInputProps(fields.name, { type: "text" })} maxLength={64} />
            </Field>
            <Field label="描述" field={fields.description}>
              <Textarea {...getTextareaProps(fields.description)} rows={3} maxLength={500} />
            </Field>
            <Field label="向量模型" field={fields.embeddingModelId} hint="更换后会在后台重新向量化全部文档。">
              <Select {...getSelectProps(fields.embeddingModelId)} options={embeddingOptions} />
            </Field>
          </fieldset>
          {canEdit ? (
            <div>
              <Button type="submit" loading={busy}>
                保存
              </Button>
            </div>
          ) : (
            <p className="text-[13px] text-gray-500">你在这个空间没有编辑权限。</p>
          )}
        </Form>
      </Card>
      {canDelete ? (
        <Card title="删除知识库" description="文档、分段、问答和向量会一并删除，绑定它的智能体将不能再检索它。">
          <Link to={withParams(here, { confirm: "delete" })} className={buttonClass("danger")}>
            <Trash2 className="size-4" aria-hidden />
            删除知识库
          </Link>
        </Card>
      ) : null}
      {confirming && canDelete ? (
        <Confirm
          title="删除知识库"
          description={`确定删除知识库「${kb.name}」吗？此操作不能撤销。`}
          cancelTo={cancelTo}
        >
          <Form method="post" action={cancelTo} className="flex justify-end gap-2">
            <input type="hidden" name="intent" value="delete-kb" />
            <Link to={cancelTo} replace preventScrollReset className={buttonClass("secondary")}>
              取消
            </Link>
            <Button type="submit" variant="danger">
              确认删除
            </Button>
          </Form>
        </Confirm>
      ) : null}
    </div>
  );
}
