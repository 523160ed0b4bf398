import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { Button, buttonClass } from "#app/components/ui/button";
import { Field, FormErrors } from "#app/components/ui/field";
import { Input } from "#app/components/ui/input";
import { firstInvalidField } from "#app/lib/forms";
import { useSubmitting } from "#app/lib/use-submitting";
import { addWorkflowInput } from "#contract/api/workflow";

/** The create form's rules are the contract's add body (the space id rides along as a hidden field). */
export const createWorkflowSchema = addWorkflowInput;

interface CreateWorkflowFormProps {
  spaceId: number;
  lastResult?: SubmissionResult<string[]>;
}

/** 新建工作流: name and description; the workflow starts with Start and End. Works without JavaScript. */
export function CreateWorkflowForm({ spaceId, lastResult }: CreateWorkflowFormProps) {
  const busy = useSubmitting("create-workflow");
  const [form, fields] = useForm({
    id: "create-workflow",
    lastResult,
    defaultValue: { spaceId: String(spaceId) },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createWorkflowSchema }),
  });
  const focus = firstInvalidField(lastResult) ?? "name";
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="create-workflow" />
      <input {...getInputProps(fields.spaceId, { type: "hidden" })} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field label="名称" field={fields.name}>
        <Input {...getInputProps(fields.name, { type: "text" })} maxLength={64} autoFocus={focus === "name"} />
      </Field>
      <Field label="描述" field={fields.description} hint="智能体据此判断何时调用这个工作流（选填）">
        <Input {...getInputProps(fields.description, { type: "text" })} maxLength={500} />
      </Field>
      <div className="flex justify-end gap-2">
        <Link to={`/space/${spaceId}/library?type=Workflow`} className={buttonClass("secondary")}>
          取消
        </Link>
        <Button type="submit" loading={busy}>
          创建
        </Button>
      </div>
    </Form>
  );
}
