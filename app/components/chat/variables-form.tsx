import { Settings2 } from "lucide-react";
import { controlClass } from "../ui/input";
import { Textarea } from "../ui/textarea";
import type { ChatVariable } from "./types";
import { userVariables, variableField } from "./variables";

const asText = (v: unknown) => (v === undefined || v === null ? "" : Array.isArray(v) ? v.join(",") : String(v));

function VariableInput({ variable, value, id }: { variable: ChatVariable; value: unknown; id: string }) {
  const name = variableField(variable.name);
  const required = variable.require;
  const options = variable.selectConfig?.options ?? [];
  if (variable.inputType === "Select") {
    return (
      <select id={id} name={name} required={required} defaultValue={asText(value)} className={`${controlClass} h-9`}>
        <option value="">请选择</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  }
  if (variable.inputType === "MultipleSelect") {
    const chosen = new Set(Array.isArray(value) ? value.map(String) : asText(value).split(","));
    return (
      <div id={id} className="flex flex-wrap gap-3">
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-1.5">
            <input type="checkbox" name={name} value={o.value} defaultChecked={chosen.has(o.value)} />
            {o.label}
          </label>
        ))}
      </div>
    );
  }
  if (variable.inputType === "Paragraph") {
    return <Textarea id={id} name={name} required={required} defaultValue={asText(value)} rows={2} />;
  }
  return (
    <input
      id={id}
      name={name}
      type={variable.inputType === "Number" ? "number" : "text"}
      step="any"
      required={required}
      defaultValue={asText(value)}
      className={`${controlClass} h-9`}
    />
  );
}

interface VariablesFormProps {
  variables: ChatVariable[];
  /** Values the conversation already has (from an earlier turn), else each variable's default. */
  values: Record<string, unknown>;
}

/**
 * The agent's variables, asked before the first message (required ones must be filled; the browser checks
 * `required` with and without JavaScript). The fields belong to the chat form, so they travel with the message.
 */
export function VariablesForm({ variables, values }: VariablesFormProps) {
  const shown = userVariables(variables);
  if (!shown.length) return null;
  return (
    <fieldset className="mx-auto mb-3 flex w-full max-w-3xl flex-col gap-3 rounded-card border border-gray-200 bg-white p-4">
      <legend className="flex items-center gap-1.5 px-1 font-medium text-gray-700">
        <Settings2 className="size-4" aria-hidden />
        会话设置
      </legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {shown.map((v) => {
          const id = `chat-var-${v.name}`;
          return (
            <div key={v.name} className="flex flex-col gap-1">
              <label htmlFor={id} className="font-medium text-[13px] text-gray-700">
                {v.displayName || v.name}
                {v.require ? <span className="ml-0.5 text-danger-600">*</span> : null}
              </label>
              <VariableInput variable={v} value={values[v.name] ?? v.bindValue} id={id} />
              {v.description ? <p className="text-gray-500 text-xs">{v.description}</p> : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
