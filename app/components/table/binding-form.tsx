import { clsx } from "clsx";
import { Form, Link } from "react-router";
import { useSubmitting } from "#app/lib/use-submitting";
import { Button, buttonClass } from "../ui/button";
import { FormErrors } from "../ui/field";
import { controlClass } from "../ui/input";
import { type BindingDraft, conditionFields, invokeTypeLabels, tableInvokeTypes } from "./binding";
import { fieldTypeLabel } from "./field-rows";

export interface VariableOption {
  name: string;
  label: string;
  system: boolean;
}

interface BindingFormProps {
  draft: BindingDraft;
  variables: VariableOption[];
  formError?: string;
  cancelTo: string;
}

const conditionLabels: Record<(typeof conditionFields)[number], string> = {
  uid: "uid（写入数据的用户）",
  user_name: "user_name（用户名）",
  nick_name: "nick_name（昵称）",
  agent_id: "agent_id（写入数据的智能体）",
  agent_name: "agent_name（智能体名称）",
};

/**
 * The settings of a data table bound to an agent: invocation mode, per field whether the model sees it and what
 * fills it otherwise, and which system fields must equal a system variable (each user sees only their rows).
 * A plain form: it works without JavaScript.
 */
export function BindingForm({ draft, variables, formError, cancelTo }: BindingFormProps) {
  const busy = useSubmitting("binding");
  const system = variables.filter((v) => v.system);
  return (
    <Form method="post" className="flex flex-col gap-6" aria-label="数据表设置">
      <input type="hidden" name="intent" value="binding" />
      <FormErrors errors={formError ? [formError] : undefined} />
      <label className="flex flex-col gap-1.5">
        <span className="font-medium text-gray-800">调用方式</span>
        <select name="invokeType" defaultValue={draft.invokeType} className={clsx(controlClass, "h-9 max-w-xs")}>
          {tableInvokeTypes.map((value) => (
            <option key={value} value={value}>
              {invokeTypeLabels[value]}
            </option>
          ))}
        </select>
        <span className="text-[13px] text-gray-500">智能体通过“新增数据”和“执行 SQL”两个工具读写这张表。</span>
      </label>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium text-gray-800">字段</legend>
        <p className="text-[13px] text-gray-500">
          对模型可见的字段由模型在新增数据时给出，模型没给时取固定值或变量；不可见的字段总是取固定值或变量，都没有时取字段的默认值。
        </p>
        {draft.fields.length === 0 ? (
          <p className="text-[13px] text-gray-500">这张表还没有自定义字段。</p>
        ) : (
          <div className="overflow-x-auto rounded-card border border-gray-200">
            <table className="w-full border-collapse text-left">
              <thead className="bg-gray-50 text-gray-500">
                <tr>
                  {["字段", "对模型可见", "取值", "固定值或变量"].map((label) => (
                    <th key={label} scope="col" className="px-2 py-2 font-normal">
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {draft.fields.map((row, i) => (
                  <tr key={row.name} className="border-gray-100 border-t">
                    <td className="px-2 py-1.5">
                      <input type="hidden" name={`fields[${i}].name`} value={row.name} />
                      <code>{row.name}</code>
                      <span className="ml-2 text-[13px] text-gray-500">{fieldTypeLabel(row.fieldType)}</span>
                    </td>
                    <td className="px-2 py-1.5">
                      <input
                        type="checkbox"
                        name={`fields[${i}].enable`}
                        defaultChecked={row.enable}
                        aria-label={`${row.name} 对模型可见`}
                        className="size-4"
                      />
                    </td>
                    <td className="px-2 py-1.5">
                      <select
                        name={`fields[${i}].fill`}
                        defaultValue={row.fill}
                        aria-label={`${row.name} 取值`}
                        className={clsx(controlClass, "h-8 min-w-28")}
                      >
                        <option value="model">由模型填写</option>
                        <option value="Input">固定值</option>
                        <option value="Reference">变量</option>
                      </select>
                    </td>
                    <td className="px-2 py-1.5">
                      <input
                        name={`fields[${i}].value`}
                        defaultValue={row.value}
                        list="binding-variables"
                        aria-label={`${row.name} 固定值或变量`}
                        placeholder="值，或变量名"
                        className={clsx(controlClass, "h-8 min-w-36")}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <datalist id="binding-variables">
          {variables.map((v) => (
            <option key={v.name} value={v.name}>
              {v.label}
            </option>
          ))}
        </datalist>
      </fieldset>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium text-gray-800">数据范围</legend>
        <p className="text-[13px] text-gray-500">
          选定的系统字段必须等于对应的系统变量：智能体只能读写满足条件的行，新增的行也写入这些值。例如 uid = 用户
          ID，每位用户只能看到自己的数据。
        </p>
        {conditionFields.map((name) => (
          <label key={name} className="flex flex-wrap items-center gap-2">
            <span className="w-56 text-[13px] text-gray-700">{conditionLabels[name]}</span>
            <select
              name={`conditions.${name}`}
              defaultValue={draft.conditions[name] ?? ""}
              aria-label={`${name} 条件`}
              className={clsx(controlClass, "h-8 max-w-xs")}
            >
              <option value="">不限</option>
              {system.map((v) => (
                <option key={v.name} value={v.name}>
                  = {v.label}
                </option>
              ))}
            </select>
          </label>
        ))}
      </fieldset>

      <div className="flex justify-end gap-2">
        <Link to={cancelTo} className={buttonClass("secondary")}>
          返回
        </Link>
        <Button type="submit" loading={busy}>
          保存
        </Button>
      </div>
    </Form>
  );
}
