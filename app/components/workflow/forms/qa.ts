import type { Arg } from "#contract/args";
import { validateArgs } from "./args-state";
import { newUuid } from "./ids";
import type { NodeConfig } from "./types";

/** QA options (qaOptionSchema): lettered A, B, C…; the last is 其他, taken when the answer matches none. */
export interface QaOption {
  uuid: string;
  index?: string | null;
  content?: string | null;
  nextNodeIds?: number[] | null;
}

export const MAX_OPTIONS = 26;
export const letter = (i: number) => String.fromCharCode(65 + i);

/** The letters follow the order; the last option is always the default 其他. */
function relabel(options: QaOption[]): QaOption[] {
  return options.map((o, i) =>
    i === options.length - 1 ? { ...o, index: "其他", content: o.content || "其他" } : { ...o, index: letter(i) },
  );
}

export function optionsOf(config: NodeConfig): QaOption[] {
  const stored = Array.isArray(config.options) ? (config.options as QaOption[]) : [];
  // Letters are derived from the order, so options stored without them (or out of order) read right.
  if (stored.length >= 2) return relabel(stored);
  return relabel([
    stored[0] ?? { uuid: newUuid(), content: "", nextNodeIds: [] },
    { uuid: newUuid(), content: "其他", nextNodeIds: [] },
  ]);
}

/** Switching the answer type: SELECT gets its options (one to fill and 其他) the first time. */
export function setAnswerType(config: NodeConfig, answerType: "TEXT" | "SELECT"): NodeConfig {
  return answerType === "SELECT" ? { answerType, options: optionsOf(config) } : { answerType };
}

export function addOption(options: QaOption[]): QaOption[] {
  if (options.length >= MAX_OPTIONS) return options;
  return relabel([...options.slice(0, -1), { uuid: newUuid(), content: "", nextNodeIds: [] }, ...options.slice(-1)]);
}

export function removeOption(options: QaOption[], index: number): QaOption[] {
  if (index >= options.length - 1 || options.length <= 2) return options;
  return relabel(options.filter((_, i) => i !== index));
}

export function setOption(options: QaOption[], index: number, content: string): QaOption[] {
  return options.map((o, i) => (i === index ? { ...o, content } : o));
}

export function validateQa(config: NodeConfig): string[] {
  const problems: string[] = [];
  if (!String(config.question ?? "").trim()) problems.push("请填写提问内容");
  if (config.answerType === "SELECT") {
    const options = optionsOf(config).slice(0, -1);
    if (options.some((o) => !String(o.content ?? "").trim())) problems.push("选项内容不能为空");
  } else {
    const max = config.maxReplyCount;
    if (max != null && !(typeof max === "number" && Number.isInteger(max) && max >= 0 && max <= 10)) {
      problems.push("最多回复次数必须是 0 到 10 的整数");
    }
    const fields = Array.isArray(config.outputArgs) ? (config.outputArgs as Arg[]) : [];
    problems.push(...validateArgs(fields, { label: "提取字段" }));
  }
  return problems;
}
