import { ArgRows } from "./args";
import { argsOf, validateArgs } from "./args-state";
import type { FormNode, ReferenceOption } from "./graph";
import type { KindForm, KindFormProps } from "./types";
import { RadioGroup } from "./widgets";

type VariableMode = "SET_VARIABLE" | "GET_VARIABLE";
const modes: { value: VariableMode; label: string }[] = [
  { value: "SET_VARIABLE", label: "设置变量值" },
  { value: "GET_VARIABLE", label: "获取变量值" },
];
const modeOf = (config: Record<string, unknown>): VariableMode =>
  config.configType === "GET_VARIABLE" ? "GET_VARIABLE" : "SET_VARIABLE";

/** 变量: sets variables (each a literal or an upstream value) or reads them into outputs. */
function VariableForm({ config, set, ctx }: KindFormProps) {
  const mode = modeOf(config);
  return (
    <>
      <RadioGroup label="操作" value={mode} options={modes} onChange={(configType) => set({ configType })} />
      {mode === "SET_VARIABLE" ? (
        <ArgRows
          title="设置变量"
          hint="变量名与智能体变量或所在循环的循环变量同名时写入它"
          args={argsOf(config.inputArgs)}
          onChange={(inputArgs) => set({ inputArgs })}
          bindable
          references={ctx.references}
        />
      ) : (
        <ArgRows
          title="获取变量"
          hint="按名称读取变量，作为本节点的输出"
          args={argsOf(config.outputArgs)}
          onChange={(outputArgs) => set({ outputArgs })}
        />
      )}
    </>
  );
}

export function validateVariable(node: FormNode, references: readonly ReferenceOption[]): string[] {
  const config = node.nodeConfig ?? {};
  if (modeOf(config) === "GET_VARIABLE") {
    const outputs = argsOf(config.outputArgs);
    return outputs.length ? validateArgs(outputs, { label: "获取变量" }) : ["请选择要读取的变量"];
  }
  const inputs = argsOf(config.inputArgs);
  return inputs.length
    ? validateArgs(inputs, { label: "设置变量", bindable: true, references })
    : ["请设置要写入的变量"];
}

export const variableForm: KindForm = { Form: VariableForm, validate: validateVariable };
