import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { firstInvalidField } from "#app/lib/forms";
import { useSubmitting } from "#app/lib/use-submitting";
import { Button, buttonClass } from "../ui/button";
import { Field, FormErrors } from "../ui/field";
import { Input } from "../ui/input";
import { Textarea } from "../ui/textarea";
import { createTableSchema, tableInfoSchema } from "./schemas";

interface CreateTableFormProps {
  spaceId: number;
  lastResult?: SubmissionResult<string[]>;
  cancelTo: string;
}

/** 新建数据表: name and description. Works without JavaScript. */
export function CreateTableForm({ spaceId, lastResult, cancelTo }: CreateTableFormProps) {
  const busy = useSubmitting("create-table");
  const [form, fields] = useForm({
    id: "create-table",
    lastResult,
    defaultValue: { spaceId: String(spaceId) },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createTableSchema }),
  });
  const focus = firstInvalidField(lastResult) ?? "tableName";
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="create-table" />
      <input {...getInputProps(fields.spaceId, { type: "hidden" })} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field label="名称" field={fields.tableName}>
        <Input
          {...getInputProps(fields.tableName, { type: "text" })}
          maxLength={64}
          autoFocus={focus === "tableName"}
        />
      </Field>
      <Field label="描述" field={fields.tableDescription} hint="说明表里存什么，智能体据此决定如何读写（选填）">
        <Textarea {...getInputProps(fields.tableDescription, { type: "text" })} maxLength={500} rows={3} />
      </Field>
      <div className="flex justify-end gap-2">
        <Link to={cancelTo} className={buttonClass("secondary")}>
          取消
        </Link>
        <Button type="submit" loading={busy}>
          创建
        </Button>
      </div>
    </Form>
  );
}

interface TableInfoFormProps {
  tableName: string;
  tableDescription: string;
  lastResult?: SubmissionResult<string[]>;
  cancelTo: string;
}

/** The header's 编辑: the table's name and description. */
export function TableInfoForm({ tableName, tableDescription, lastResult, cancelTo }: TableInfoFormProps) {
  const busy = useSubmitting("info");
  const [form, fields] = useForm({
    id: "table-info",
    lastResult,
    defaultValue: { tableName, tableDescription },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: tableInfoSchema }),
  });
  const focus = firstInvalidField(lastResult) ?? "tableName";
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="info" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field label="名称" field={fields.tableName}>
        <Input
          {...getInputProps(fields.tableName, { type: "text" })}
          maxLength={64}
          autoFocus={focus === "tableName"}
        />
      </Field>
      <Field label="描述" field={fields.tableDescription}>
        <Textarea {...getInputProps(fields.tableDescription, { type: "text" })} maxLength={500} rows={3} />
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
  );
}
