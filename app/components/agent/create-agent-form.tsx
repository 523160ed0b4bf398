import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { clsx } from "clsx";
import { useFetcher } from "react-router";
import { z } from "zod";
import { firstInvalidField, requiredText } from "#app/lib/forms";
import { addAgentInput, agentTemplateCards, agentTemplates } from "#contract/api/agent";
import { Button } from "../ui/button";
import { Field, FormErrors } from "../ui/field";
import { Input } from "../ui/input";
import { Textarea } from "../ui/textarea";

/** The contract's rules for a new agent, with the form's own message for a name left empty. */
export const createAgentSchema = z.object({
  intent: z.literal("create-agent"),
  name: requiredText("请输入智能体名称").pipe(addAgentInput.shape.name),
  description: addAgentInput.shape.description,
  template: z.enum(agentTemplates, { error: "请选择模板" }).default("template-1"),
});

interface CreateAgentFormProps {
  spaceId: number;
  /** The reply of a no-JavaScript submission, rendered by the /space/:spaceId/develop/new page. */
  lastResult?: SubmissionResult<string[]> | null;
  onCancel?: () => void;
}

/** Name, description and a starter template; success opens the new agent in the editor. */
export function CreateAgentForm({ spaceId, lastResult, onCancel }: CreateAgentFormProps) {
  const fetcher = useFetcher<SubmissionResult<string[]>>();
  const reply = fetcher.data ?? lastResult;
  const [form, fields] = useForm({
    id: "create-agent",
    lastResult: reply,
    defaultValue: { template: "template-1" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createAgentSchema }),
  });
  const focus = firstInvalidField(reply);
  const chosen = fields.template.initialValue ?? "template-1";
  return (
    <fetcher.Form
      method="post"
      action={`/space/${spaceId}/develop/new`}
      {...getFormProps(form)}
      className="flex flex-col gap-4"
    >
      <input type="hidden" name="intent" value="create-agent" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field label="名称" field={fields.name}>
        <Input
          {...getInputProps(fields.name, { type: "text" })}
          placeholder="给智能体起个名字"
          maxLength={64}
          autoFocus={focus === undefined || focus === "name"}
        />
      </Field>
      <Field label="描述" field={fields.description} hint="留空时使用模板的描述">
        <Textarea
          {...getTextareaProps(fields.description)}
          placeholder="它能做什么（选填）"
          maxLength={500}
          autoFocus={focus === "description"}
        />
      </Field>
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 font-medium text-gray-800">模板</legend>
        <div className="grid grid-cols-2 gap-2">
          {agentTemplates.map((key) => (
            <label
              key={key}
              className={clsx(
                "flex cursor-pointer flex-col gap-0.5 rounded-md border border-gray-200 p-3 hover:border-primary-500",
                "has-[:checked]:border-primary-600 has-[:checked]:bg-primary-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary-500",
              )}
            >
              <span className="flex items-center gap-2 font-medium">
                <input
                  type="radio"
                  name={fields.template.name}
                  value={key}
                  defaultChecked={key === chosen}
                  className="accent-primary-600"
                />
                {agentTemplateCards[key].name}
              </span>
              <span className="text-[13px] text-gray-500">{agentTemplateCards[key].description}</span>
            </label>
          ))}
        </div>
      </fieldset>
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
