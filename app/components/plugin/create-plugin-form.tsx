import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { clsx } from "clsx";
import { Form, Link } from "react-router";
import { firstInvalidField } from "#app/lib/forms";
import { codeLanguageLabels, optionsOf } from "#app/lib/labels";
import { useSubmitting } from "#app/lib/use-submitting";
import { addPluginInput } from "#contract/api/plugin";
import { codeLanguages, pluginTypes } from "#contract/plugin";
import { Button, buttonClass } from "../ui/button";
import { Field, FormErrors } from "../ui/field";
import { Input } from "../ui/input";
import { Select } from "../ui/select";

/** The create form's rules are the contract's add body (the space id rides along as a hidden field). */
export const createPluginSchema = addPluginInput;

const typeChoices: Record<(typeof pluginTypes)[number], { label: string; hint: string }> = {
  HTTP: { label: "HTTP 插件", hint: "调用一个外部 HTTP 接口" },
  CODE: { label: "代码插件", hint: "运行一段 JavaScript 或 Python 代码" },
};

interface CreatePluginFormProps {
  spaceId: number;
  lastResult?: SubmissionResult<string[]>;
}

/** 新建插件: name, description, HTTP or code (with its language). Works without JavaScript. */
export function CreatePluginForm({ spaceId, lastResult }: CreatePluginFormProps) {
  const busy = useSubmitting("create-plugin");
  const [form, fields] = useForm({
    id: "create-plugin",
    lastResult,
    defaultValue: { spaceId: String(spaceId), type: "HTTP", codeLang: "JavaScript" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: createPluginSchema }),
  });
  const focus = firstInvalidField(lastResult) ?? "name";
  const type = fields.type.value ?? "HTTP";
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="create-plugin" />
      <input {...getInputProps(fields.spaceId, { type: "hidden" })} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field label="名称" field={fields.name}>
        <Input {...getInputProps(fields.name, { type: "text" })} maxLength={64} autoFocus={focus === "name"} />
      </Field>
      <Field label="描述" field={fields.description} hint="模型据此判断何时调用这个插件（选填）">
        <Input {...getInputProps(fields.description, { type: "text" })} maxLength={500} />
      </Field>
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1.5 font-medium text-gray-800">插件类型</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {pluginTypes.map((value) => (
            <label
              key={value}
              className={clsx(
                "flex cursor-pointer gap-2 rounded-md border p-3",
                type === value ? "border-primary-500 bg-primary-50" : "border-gray-200",
              )}
            >
              <input
                type="radio"
                name={fields.type.name}
                value={value}
                defaultChecked={fields.type.initialValue === value}
                className="mt-1"
              />
              <span>
                <span className="font-medium">{typeChoices[value].label}</span>
                <span className="block text-[13px] text-gray-500">{typeChoices[value].hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Field
        label="代码语言（代码插件）"
        field={fields.codeLang}
        className={type === "HTTP" ? "opacity-60" : undefined}
      >
        <Select
          {...getSelectProps(fields.codeLang)}
          options={optionsOf(codeLanguageLabels).filter((o) => codeLanguages.includes(o.value))}
        />
      </Field>
      <div className="flex justify-end gap-2">
        <Link to={`/space/${spaceId}/library?type=Plugin`} className={buttonClass("secondary")}>
          取消
        </Link>
        <Button type="submit" loading={busy}>
          创建
        </Button>
      </div>
    </Form>
  );
}
