import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { clsx } from "clsx";
import { Form, useNavigation } from "react-router";
import { firstInvalidField } from "#app/lib/forms";
import { type CategoryTree, categoriesOf } from "../square/types";
import { Button } from "../ui/button";
import { Field, FormErrors } from "../ui/field";
import { Select } from "../ui/select";
import { Textarea } from "../ui/textarea";
import { type PublishItem, type PublishReply, publishSchemas } from "./schemas";

interface PublishFormProps {
  /** The API's category tree; every kind offers the same categories, so the form reads one branch. */
  categories: CategoryTree;
  /** The newest record, whose category and copy setting the form starts from. */
  previous?: PublishItem;
  canPublish: boolean;
  reply?: PublishReply;
}

const scopes = [
  { value: "Space", label: "本空间", hint: "空间成员可以使用，立即生效" },
  { value: "Tenant", label: "广场", hint: "所有人可以在广场找到，可能需要管理员审核" },
] as const;

/** 发布: scope, category, a note for the auditor and whether others may copy it. Works without JavaScript. */
export function PublishForm({ categories: tree, previous, canPublish, reply }: PublishFormProps) {
  const categories = categoriesOf(tree);
  const busy = useNavigation().formData?.get("intent") === "apply";
  const lastResult = reply?.intent === "apply" ? reply.result : undefined;
  const [form, fields] = useForm({
    id: "publish-apply",
    lastResult,
    defaultValue: {
      scope: "Tenant",
      category: previous?.category ?? categories[0]?.key ?? "",
      allowCopy: previous?.allowCopy === 1 ? "on" : undefined,
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: publishSchemas.apply }),
  });
  const focus = firstInvalidField(lastResult);
  const scopeValue = fields.scope.value ?? "Tenant";
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="apply" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <fieldset className="flex flex-col gap-1.5" aria-describedby={fields.scope.errorId}>
        <legend className="mb-1.5 font-medium text-gray-800">发布范围</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {scopes.map((s) => (
            <label
              key={s.value}
              className={clsx(
                "flex cursor-pointer gap-2 rounded-md border p-3",
                scopeValue === s.value ? "border-primary-500 bg-primary-50" : "border-gray-200",
              )}
            >
              <input
                type="radio"
                name={fields.scope.name}
                value={s.value}
                defaultChecked={fields.scope.initialValue === s.value}
                className="mt-1"
              />
              <span>
                <span className="font-medium">{s.label}</span>
                <span className="block text-[13px] text-gray-500">{s.hint}</span>
              </span>
            </label>
          ))}
        </div>
        <p id={fields.scope.errorId} className="text-[13px] text-danger-600" role="alert">
          {fields.scope.errors?.[0]}
        </p>
      </fieldset>
      <Field label="分类" field={fields.category}>
        <Select
          {...getSelectProps(fields.category)}
          options={categories.map((c) => ({ value: c.key, label: c.label }))}
          autoFocus={focus === "category"}
        />
      </Field>
      <Field label="发布说明" field={fields.remark} hint="写给审核人和使用者，例如这一版改了什么（选填）">
        <Textarea {...getTextareaProps(fields.remark)} maxLength={500} rows={3} autoFocus={focus === "remark"} />
      </Field>
      <label className="flex items-center gap-2">
        <input {...getInputProps(fields.allowCopy, { type: "checkbox" })} />
        <span>允许复制</span>
        <span className="text-[13px] text-gray-500">其他人可以把它复制到自己的空间作为模板</span>
      </label>
      <div>
        <Button type="submit" loading={busy} disabled={!canPublish}>
          发布
        </Button>
        {canPublish ? null : <p className="mt-2 text-[13px] text-gray-500">你没有发布这个智能体的权限。</p>}
      </div>
    </Form>
  );
}
