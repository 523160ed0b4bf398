import { ArgRows, InputArgs } from "./args";
import { argsOf, validateArgs } from "./args-state";
import type { FormNode, ReferenceOption } from "./graph";
import { ModelFields, validateModel } from "./model";
import { templateProblems } from "./template";
import { TemplateField } from "./template-field";
import type { KindForm, KindFormProps } from "./types";
import { SelectField } from "./widgets";

const outputTypes = [
  { value: "Text", label: "文本" },
  { value: "Markdown", label: "Markdown" },
  { value: "JSON", label: "JSON" },
] as const;
type OutputType = (typeof outputTypes)[number]["value"];
const inputNames = (config: Record<string, unknown>) =>
  argsOf(config.inputArgs)
    .map((a) => a.name)
    .filter(Boolean);

/** 大模型: model and sampling, inputs, the two prompts (templates of the inputs), and the output format. */
function LlmForm({ config, set, ctx }: KindFormProps) {
  const names = inputNames(config);
  const outputType = (config.outputType as OutputType | undefined) ?? "Text";
  return (
    <>
      <ModelFields config={config} set={set} models={ctx.options.models} />
      <InputArgs config={config} set={set} ctx={ctx} />
      <TemplateField
        label="系统提示词"
        value={typeof config.systemPrompt === "string" ? config.systemPrompt : ""}
        onChange={(systemPrompt) => set({ systemPrompt })}
        names={names}
        placeholder="角色、要求和限制；输入 {{ 引用输入参数"
      />
      <TemplateField
        label="用户提示词"
        value={typeof config.userPrompt === "string" ? config.userPrompt : ""}
        onChange={(userPrompt) => set({ userPrompt })}
        names={names}
        placeholder="发给模型的内容，例如：{{input}}"
      />
      <SelectField
        label="输出格式"
        value={outputType}
        options={outputTypes}
        onChange={(v) => set({ outputType: v, outputArgs: v === "JSON" ? argsOf(config.outputArgs) : [] })}
      />
      {outputType === "JSON" ? (
        <ArgRows
          title="输出参数"
          hint="模型按这些字段回答 JSON"
          args={argsOf(config.outputArgs)}
          onChange={(outputArgs) => set({ outputArgs })}
          nested
          described
        />
      ) : (
        <p className="text-[12px] text-gray-500">输出：output（字符串）</p>
      )}
    </>
  );
}

export function validateLlm(node: FormNode, references: readonly ReferenceOption[]): string[] {
  const config = node.nodeConfig ?? {};
  const names = inputNames(config);
  const problems = [
    ...validateModel(config),
    ...validateArgs(argsOf(config.inputArgs), { label: "输入参数", bindable: true, references }),
  ];
  if (!String(config.userPrompt ?? "").trim() && !String(config.systemPrompt ?? "").trim())
    problems.push("请填写提示词");
  problems.push(...templateProblems("系统提示词", config.systemPrompt, names));
  problems.push(...templateProblems("用户提示词", config.userPrompt, names));
  if (config.outputType === "JSON") {
    const outputs = argsOf(config.outputArgs);
    if (!outputs.length) problems.push("输出格式为 JSON 时请声明输出参数");
    problems.push(...validateArgs(outputs, { label: "输出参数" }));
  }
  return problems;
}

export const llmForm: KindForm = { Form: LlmForm, validate: validateLlm };
