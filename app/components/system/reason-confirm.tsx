import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { useSubmitting } from "#app/lib/use-submitting";
import { Button, buttonClass } from "../ui/button";
import { Confirm } from "../ui/confirm";
import { Field, FormErrors } from "../ui/field";
import { Textarea } from "../ui/textarea";
import { type AuditReply, auditSchemas } from "./audit-schemas";

interface ReasonConfirmProps {
  intent: "reject" | "offShelf";
  /** The id the action needs: applyId for 拒绝, publishId for 下架. */
  targetId: number;
  title: string;
  description: ReactNode;
  submitLabel: string;
  cancelTo: string;
  reply?: AuditReply;
}

/** 拒绝 / 下架 ask why: a confirmation (dialog with JavaScript, a card on the page without) holding the reason. */
export function ReasonConfirm({
  intent,
  targetId,
  title,
  description,
  submitLabel,
  cancelTo,
  reply,
}: ReasonConfirmProps) {
  const busy = useSubmitting(intent);
  const lastResult = reply?.intent === intent ? reply.result : undefined;
  const [form, fields] = useForm({
    id: `${intent}-${targetId}`,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: auditSchemas[intent] }),
  });
  const idName = intent === "reject" ? "applyId" : "publishId";
  return (
    <Confirm title={title} description={description} cancelTo={cancelTo}>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name={idName} value={targetId} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field label={intent === "reject" ? "拒绝原因" : "下架原因"} field={fields.reason}>
          <Textarea {...getTextareaProps(fields.reason)} maxLength={500} rows={3} autoFocus />
        </Field>
        <div className="flex justify-end gap-2">
          <Link to={cancelTo} replace preventScrollReset className={buttonClass("secondary")}>
            取消
          </Link>
          <Button type="submit" variant="danger" loading={busy}>
            {submitLabel}
          </Button>
        </div>
      </Form>
    </Confirm>
  );
}
