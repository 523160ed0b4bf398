import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Link } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { optionsOf, variableDataTypeLabels, variableInputTypeLabels } from "#app/lib/labels";
import { useSubmitSuccess } from "#app/lib/use-submit-success";
import type { Variable } from "#contract/components";
import { Button, buttonClass } from "../ui/button";
import { Field, FormErrors } from "../ui/field";
import { Input } from "../ui/input";
import { Select } from "../ui/select";
import { Switch } from "../ui/switch";
import { Textarea } from "../ui/textarea";
import { useEditorForm } from "./autosave";
import { editorSchemas } from "./schemas";

const dataTypeOptions = optionsOf(variableDataTypeLabels);
const inputTypeOptions = optionsOf(variableInputTypeLabels);

/** A default value as the form shows it: text, or JSON for lists and objects. */
export function defaultText(value: unknown) {
  if (value === undefined || value === null) return "";
  if (Array.isArray(value) && value.every((v) => typeof v === "string")) return value.join(", ");
  return typeof value === "string" ? value : JSON.stringify(value);
}

interface VariableFormProps {
  /** The variable being edited; absent when adding. */
  variable?: Variable;
  /** Where 取消 leads when editing (the editor without ?variable=). */
  cancelTo?: string;
}

/** Add or edit one variable; the whole list is saved by the action. */
export function VariableForm({ variable, cancelTo }: VariableFormProps) {
  const hydrated = useHydrated();
  const key = variable ? variable.key || variable.name : undefined;
  const { fetcher, form, fields } = useEditorForm(
    "variable-save",
    editorSchemas["variable-save"],
    {
      key,
      name: variable?.name ?? "",
      displayName: variable?.displayName ?? "",
      description: variable?.description ?? "",
      dataType: variable?.dataType ?? "String",
      inputType: variable?.inputType ?? "Text",
      require: variable?.require ? "on" : undefined,
      defaultValue: defaultText(variable?.bindValue),
      options: variable?.selectConfig?.options.map((o) => o.value).join("\n") ?? "",
    },
    key,
  );
  useSubmitSuccess(fetcher, () => {
    if (!variable) form.reset();
  });
  const choosing = fields.inputType.value === "Select" || fields.inputType.value === "MultipleSelect";
  const idPrefix = key ?? "new";
  return (
    <fetcher.Form method="post" preventScrollReset {...getFormProps(form)} className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="variable-save" />
      {key ? <input type="hidden" name="key" value={key} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="grid grid-cols-2 gap-3">
        <Field label="变量名" field={fields.name} hint="字母、数字和下划线">
          <Input {...getInputProps(fields.name, { type: "text" })} maxLength={64} placeholder="例如 city" />
        </Field>
        <Field label="显示名" field={fields.displayName}>
          <Input {...getInputProps(fields.displayName, { type: "text" })} maxLength={64} placeholder="例如 城市" />
        </Field>
        <Field label="类型" field={fields.dataType}>
          <Select {...getSelectProps(fields.dataType)} options={dataTypeOptions} />
        </Field>
        <Field label="输入方式" field={fields.inputType}>
          <Select {...getSelectProps(fields.inputType)} options={inputTypeOptions} />
        </Field>
      </div>
      <Field label="描述" field={fields.description}>
        <Input {...getInputProps(fields.description, { type: "text" })} maxLength={500} />
      </Field>
      {choosing || !hydrated ? (
        <Field label="选项" field={fields.options} hint="每行一个选项，仅用于单选和多选">
          <Textarea {...getTextareaProps(fields.options)} rows={3} />
        </Field>
      ) : (
        <input type="hidden" name={fields.options.name} value={fields.options.value ?? ""} />
      )}
      <Field label="默认值" field={fields.defaultValue} hint="多选用逗号分隔；数组和对象可填 JSON">
        <Input {...getInputProps(fields.defaultValue, { type: "text" })} maxLength={2000} />
      </Field>
      <Switch
        label="必填"
        name={fields.require.name}
        id={`${idPrefix}-require`}
        defaultChecked={fields.require.initialValue === "on"}
        key={fields.require.key}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={fetcher.state !== "idle"}>
          {variable ? "保存变量" : "添加变量"}
        </Button>
        {cancelTo ? (
          <Link to={cancelTo} replace preventScrollReset className={buttonClass("secondary", "sm")}>
            取消
          </Link>
        ) : null}
      </div>
    </fetcher.Form>
  );
}
