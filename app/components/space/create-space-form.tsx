import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { z } from "zod";
import { firstInvalidField, requiredText } from "#app/lib/forms";
import { useSubmitSuccess } from "#app/lib/use-submit-success";
import { Button } from "../ui/button";
import { Field, FormErrors } from "../ui/field";
import { Input } from "../ui/input";
import { Textarea } from "../ui/textarea";

/** Name and description, as the create dialog and the team page's 空间信息 form ask for them. */
export const spaceInfoSchema = z.object({
  name: requiredText("请输入空间名称").min(1, "请输入空间名称").max(32, "最多 32 个字符"),
  description: z.string().trim().max(200, "最多 200 个字符").optional(),
});

export const createSpaceSchema = spaceInfoSchema.extend({ intent: z.literal("create-space") });

interface CreateSpaceFormProps {
  /** The reply of a no-JavaScript submission, rendered by the /space/new page. */
  lastResult?: SubmissionResult<string[]> | null;
  onCreated?: () => void;
  onCancel?: () => void;
}

/** Posts to /space/new from anywhere (dialog or page); with JavaScript errors come back through the fetcher. */
export function CreateSpaceForm({ lastResult, onCreated, onCancel }: CreateSpaceFormProps) {
  const fetcher = useFetcher<SubmissionResult<string[]>>();
  useSubmitSuccess(fetcher, () => onCreated?.());
  const reply = fetcher.data ?? lastResult;
  const [form, fields] = useForm({
    id: "create-space",
    lastResult: reply,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createSpaceSchema }),
  });
  const focus = firstInvalidField(reply);
  return (
    <fetcher.Form method="post" action="/space/new" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="create-space" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field label="空间名称" field={fields.name}>
        <Input
          {...getInputProps(fields.name, { type: "text" })}
          placeholder="例如：产品研发组"
          maxLength={32}
          autoFocus={focus === undefined || focus === "name"}
        />
      </Field>
      <Field label="空间描述" field={fields.description}>
        <Textarea
          {...getTextareaProps(fields.description)}
          placeholder="这个空间用来做什么（选填）"
          maxLength={200}
          autoFocus={focus === "description"}
        />
      </Field>
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            取消
          </Button>
        ) : null}
        <Button type="submit" loading={fetcher.state !== "idle"}>
          创建
        </Button>
      </div>
    </fetcher.Form>
  );
}
