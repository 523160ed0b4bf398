import { ArgRows } from "./args";
import { argsOf, validateArgs } from "./args-state";
import type { FormNode, ReferenceOption } from "./graph";
import { templateProblems } from "./template";
import { TemplateField } from "./template-field";
import type { KindForm, KindFormProps } from "./types";
import { RadioGroup } from "./widgets";

const outputNames = (config: Record<string, unknown>) =>
  argsOf(config.outputArgs)
    .map((a) => a.name)
    .filter(Boolean);
/** End returns variables or a text; Output (过程输出) always shows its text. */
const showsText = (node: FormNode) => node.type === "Output" || node.nodeConfig?.returnType === "TEXT";

/** 结束 / 过程输出: the output variables (each an upstream value or a literal) and the text template over them. */
function EndForm({ node, config, set, ctx }: KindFormProps) {
  return (
    <>
      {node.type === "End" ? (
        <RadioGroup
          label="返回方式"
          value={config.returnType === "TEXT" ? "TEXT" : "VARIABLE"}
          options={[
            { value: "VARIABLE", label: "返回变量" },
            { value: "TEXT", label: "返回文本" },
          ]}
          onChange={(returnType) => set({ returnType })}
        />
      ) : null}
      <ArgRows
        title="输出变量"
        args={argsOf(config.outputArgs)}
        onChange={(outputArgs) => set({ outputArgs })}
        bindable
        references={ctx.references}
      />
      {showsText(node) ? (
        <TemplateField
          label="输出内容"
          value={typeof config.content === "string" ? config.content : ""}
          onChange={(content) => set({ content })}
          names={outputNames(config)}
          placeholder="可以使用 {{变量名}}、{{变量名.子变量名}}、{{变量名[数组索引]}} 引用输出变量"
        />
      ) : null}
    </>
  );
}

export function validateEnd(node: FormNode, references: readonly ReferenceOption[]): string[] {
  const config = node.nodeConfig ?? {};
  const problems = validateArgs(argsOf(config.outputArgs), { label: "输出变量", bindable: true, references });
  if (showsText(node)) {
    if (!String(config.content ?? "").trim()) problems.push("请填写输出内容");
    problems.push(...templateProblems("输出内容", config.content, outputNames(config)));
  }
  return problems;
}

export const endForm: KindForm = { Form: EndForm, validate: validateEnd };
