import type { Arg } from "#contract/args";
import { validateArgs } from "./args-state";
import type { ReferenceOption } from "./graph";
import type { NodeConfig } from "./types";

export type LoopType = "ARRAY_LOOP" | "SPECIFY_TIMES_LOOP" | "INFINITE_LOOP";
export const loopTypeLabels: Record<LoopType, string> = {
  ARRAY_LOOP: "使用数组循环",
  SPECIFY_TIMES_LOOP: "指定次数循环",
  INFINITE_LOOP: "无限循环",
};

const args = (value: unknown): Arg[] => (Array.isArray(value) ? (value as Arg[]) : []);
export const loopTypeOf = (config: NodeConfig): LoopType => (config.loopType as LoopType | undefined) ?? "ARRAY_LOOP";

/** Another loop type; the settings of the others are dropped so the node does not carry what it ignores. */
export function setLoopType(config: NodeConfig, loopType: LoopType): NodeConfig {
  if (loopType === "ARRAY_LOOP") return { loopType, loopTimes: null };
  if (loopType === "SPECIFY_TIMES_LOOP")
    return { loopType, loopTimes: Number(config.loopTimes) > 0 ? config.loopTimes : 1, inputArgs: [] };
  return { loopType, loopTimes: null, inputArgs: [] };
}

/**
 * The loop's problems (the engine's rules plus references): arrays to iterate for ARRAY_LOOP, a positive count
 * for SPECIFY_TIMES_LOOP, variables bound to upstream values, outputs bound to the body or the variables.
 */
export function validateLoop(
  config: NodeConfig,
  upstream: readonly ReferenceOption[],
  body: readonly ReferenceOption[],
): string[] {
  const problems: string[] = [];
  const type = loopTypeOf(config);
  const inputs = args(config.inputArgs);
  if (type === "SPECIFY_TIMES_LOOP") {
    const times = config.loopTimes;
    if (!(typeof times === "number" && Number.isInteger(times) && times > 0))
      problems.push("循环次数必须是大于 0 的整数");
    else if (times > 1000) problems.push("循环次数最多 1000 次");
  }
  if (type === "ARRAY_LOOP") {
    if (!inputs.length) problems.push("请设置要循环的数组");
    for (const a of inputs)
      if (!a.dataType.startsWith("Array_")) problems.push(`循环数组 ${a.name || "（未命名）"} 的类型必须是数组`);
    problems.push(...validateArgs(inputs, { label: "循环数组", bindable: true, references: upstream }));
  }
  problems.push(
    ...validateArgs(args(config.variableArgs), { label: "循环变量", bindable: true, references: upstream }),
  );
  problems.push(
    ...validateArgs(args(config.outputArgs), { label: "输出参数", bindable: true, references: [...body, ...upstream] }),
  );
  return problems;
}
