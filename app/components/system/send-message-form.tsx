import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { displayName } from "#app/lib/format";
import { useSubmitting } from "#app/lib/use-submitting";
import { Button, buttonClass } from "../ui/button";
import { Field, FormErrors } from "../ui/field";
import { Textarea } from "../ui/textarea";
import { type AdminUser, type UserReply, userSchemas } from "./user-schemas";

interface SendMessageFormProps {
  /** The user picked from the list (its 发送消息); without one the message goes to everyone. */
  recipient?: AdminUser;
  cancelTo: string;
  reply?: UserReply;
}

/** 发送消息: to all users (Broadcast) or to the one chosen in the list (Private). */
export function SendMessageForm({ recipient, cancelTo, reply }: SendMessageFormProps) {
  const busy = useSubmitting("send");
  const lastResult = reply?.intent === "send" ? reply.result : undefined;
  const [form, fields] = useForm({
    id: `send-message-${recipient?.id ?? "all"}`,
    lastResult,
    defaultValue: { scope: recipient ? "Private" : "Broadcast" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: userSchemas.send }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="send" />
      {recipient ? <input type="hidden" name="userId" value={recipient.id} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 font-medium text-gray-800">接收人</legend>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={fields.scope.name}
            value="Broadcast"
            defaultChecked={fields.scope.initialValue === "Broadcast"}
          />
          全部用户
        </label>
        {recipient ? (
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name={fields.scope.name}
              value="Private"
              defaultChecked={fields.scope.initialValue === "Private"}
            />
            仅 {displayName(recipient)}（{recipient.userName}）
          </label>
        ) : (
          <p className="text-[13px] text-gray-500">要发给某个用户，请在列表中点该用户的“发送消息”。</p>
        )}
        <p id={fields.scope.errorId} className="text-[13px] text-danger-600" role="alert">
          {fields.scope.errors?.[0]}
        </p>
      </fieldset>
      <Field label="消息内容" field={fields.content}>
        <Textarea {...getTextareaProps(fields.content)} maxLength={2000} rows={4} autoFocus />
      </Field>
      <div className="flex justify-end gap-2">
        <Link to={cancelTo} replace preventScrollReset className={buttonClass("secondary")}>
          取消
        </Link>
        <Button type="submit" loading={busy}>
          发送
        </Button>
      </div>
    </Form>
  );
}
