import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { Button, buttonClass } from "#app/components/ui/button";
import { Field, FormErrors } from "#app/components/ui/field";
import { Input } from "#app/components/ui/input";
import { Select, type SelectOption } from "#app/components/ui/select";
import { Textarea } from "#app/components/ui/textarea";
import { firstInvalidField } from "#app/lib/forms";
import { useSubmitting } from "#app/lib/use-submitting";
import { createKnowledgeSchema } from "./schemas";

interface CreateKnowledgeFormProps {
  spaceId: number;
  /** From embeddingOptions: "" (the tenant's default) first. */
  embeddingOptions: SelectOption[];
  lastResult?: SubmissionResult<string[]>;
}

/** 新建知识库: name, description and the embedding model (the tenant's default unless another is picked). */
export function CreateKnowledgeForm({ spaceId, embeddingOptions, lastResult }: CreateKnowledgeFormProps) {
  const busy = useSubmitting("create-knowledge");
  const [form, fields] = useForm({
    id: "create-knowledge",
    lastResult,
    defaultValue: { spaceId: String(spaceId), embeddingModelId: "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createKnowledgeSchema }),
  });
  const focus = firstInvalidField(lastResult) ?? "name";
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="create-knowledge" />
      <input {...getInputProps(fields.spaceId, { type: "hidden" })} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field label="名称" field={fields.name}>
        <Input {...getInputProps(fields.name, { type: "text" })} maxLength={64} autoFocus={focus === "name"} />
      </Field>
      <Field label="描述" field={fields.description} hint="说明知识库里有什么，模型据此判断何时检索（选填）">
        <Textarea {...getTextareaProps(fields.description)} rows={3} maxLength={500} />
      </Field>
      <Field
        label="向量模型"
        field={fields.embeddingModelId}
        hint="把文档和问题变成向量用于语义检索；之后在设置中更换会重新向量化全部文档。"
      >
        <Select {...getSelectProps(fields.embeddingModelId)} options={embeddingOptions} />
      </Field>
      <div className="flex justify-end gap-2">
        <Link to={`/space/${spaceId}/library?type=Knowledge`} className={buttonClass("secondary")}>
          取消
        </Link>
        <Button type="submit" loading={busy}>
          创建
        </Button>
      </div>
    </Form>
  );
}
