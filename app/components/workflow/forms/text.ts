import type { Arg } from "#contract/args";
import { validateArgs } from "./args-state";
import type { ReferenceOption } from "./graph";
import { templateProblems } from "./template";
import type { NodeConfig } from "./types";

export type TextMode = "CONCAT" | "SPLIT";
export const modeOf = (config: NodeConfig): TextMode => (config.textHandleType === "SPLIT" ? "SPLIT" : "CONCAT");
const args = (value: unknown): Arg[] => (Array.isArray(value) ? (value as Arg[]) : []);
export const textInputNames = (config: NodeConfig) =>
  args(config.inputArgs)
    .map((a) => a.name)
    .filter(Boolean);
export const splitsOf = (config: NodeConfig): string[] =>
  Array.isArray(config.splits) ? (config.splits as string[]) : [];

export const MAX_SPLITS = 20;

/** Separators typed as a comma list by no one: each is its own row; `\n` and `\t` are written as typed. */
export function setSplit(splits: string[], index: number, value: string): string[] {
  return splits.map((s, i) => (i === index ? value : s));
}
export const addSplit = (splits: string[]) => (splits.length >= MAX_SPLITS ? splits : [...splits, ""]);
export const removeSplit = (splits: string[], index: number) => splits.filter((_, i) => i !== index);

/** Another mode; its output type changes with it (SPLIT gives a list of strings). */
export function setMode(mode: TextMode): NodeConfig {
  return {
    textHandleType: mode,
    outputArgs: [{ name: "output", dataType: mode === "SPLIT" ? "Array_String" : "String" }],
  };
}

export function validateText(config: NodeConfig, references: readonly ReferenceOption[]): string[] {
  const problems = validateArgs(args(config.inputArgs), { label: "输入参数", bindable: true, references });
  if (modeOf(config) === "SPLIT") {
    const splits = splitsOf(config);
    if (!splits.length) problems.push("请设置分隔符");
    else if (splits.some((s) => s === "")) problems.push("分隔符不能为空");
    if (!args(config.inputArgs).length) problems.push("请添加要分隔的输入参数");
  } else {
    if (!String(config.text ?? "").trim()) problems.push("请填写要拼接的文本");
    problems.push(...templateProblems("拼接文本", config.text, textInputNames(config)));
  }
  return problems;
}
