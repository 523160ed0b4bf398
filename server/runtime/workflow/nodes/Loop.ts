import type { Arg } from "#contract/args";
import { nodeKinds } from "#contract/workflow-nodes";
import type { NodeDefinition } from "../types";
import { parseReference, readPath } from "../values";

/** INFINITE_LOOP stops here at the latest (reference original-backend.md §6.4). */
export const MAX_ITERATIONS = 1000;

/** Raised when the run paused or stopped inside the body: the Loop reports nothing of its own. */
export class LoopHalted extends Error {}

/**
 * 循环: runs its body once per item of its longest input array (ARRAY_LOOP), `loopTimes` times, or until a
 * LoopBreak (INFINITE_LOOP, capped), one iteration after the other. Outputs bound to a loop variable give its
 * final value, outputs bound to an inner node give one value per iteration the node ran in.
 */
export const Loop: NodeDefinition = {
  kind: nodeKinds.Loop,
  validate(node) {
    const config = node.nodeConfig ?? {};
    const type = config.loopType ?? "ARRAY_LOOP";
    if (type === "SPECIFY_TIMES_LOOP" && !(Number(config.loopTimes) > 0)) return ["循环次数必须大于 0"];
    if (type !== "ARRAY_LOOP") return [];
    const inputs = (config.inputArgs ?? []) as Arg[];
    if (!inputs.length) return ["请设置要循环的数组"];
    return inputs.filter((a) => !a.dataType.startsWith("Array_")).map((a) => `循环数组 ${a.name} 的类型必须是数组`);
  },
  async run(ctx) {
    const type = ctx.config.loopType ?? "ARRAY_LOOP";
    const arrays = Object.entries(ctx.inputs).map(([name, v]) => [name, Array.isArray(v) ? v : []] as const);
    const count =
      type === "ARRAY_LOOP"
        ? Math.max(0, ...arrays.map(([, list]) => list.length))
        : type === "SPECIFY_TIMES_LOOP"
          ? Math.min(Number(ctx.config.loopTimes) || 0, MAX_ITERATIONS)
          : MAX_ITERATIONS;
    const variables = ctx.resolveArgs(ctx.config.variableArgs);
    const outputs = (ctx.config.outputArgs ?? []) as Arg[];
    const collected: Record<string, unknown[]> = Object.fromEntries(outputs.map((a) => [a.name, []]));
    for (let index = 0; index < count; index++) {
      const items = Object.fromEntries(arrays.map(([name, list]) => [`${name}_item`, list[index]]));
      const iteration = await ctx.runIteration(index, items, variables);
      if (!iteration) throw new LoopHalted();
      for (const arg of outputs) {
        const reference = arg.bindValueType === "Reference" ? parseReference(arg.bindValue) : null;
        if (reference?.kind !== "node") continue;
        const output = iteration.outputs.get(reference.nodeId);
        if (output) collected[arg.name]!.push(readPath(output, reference.path));
      }
      if (iteration.end === "break") break;
    }
    const result: Record<string, unknown> = {};
    for (const arg of outputs) {
      const reference = arg.bindValueType === "Reference" ? parseReference(arg.bindValue) : null;
      if (reference?.kind === "loopVar" && reference.loopId === ctx.node.id) {
        result[arg.name] = readPath(variables[reference.name], reference.path);
      } else if (reference?.kind === "node" && ctx.innerNodeIds.has(reference.nodeId)) {
        result[arg.name] = collected[arg.name];
      } else result[arg.name] = ctx.resolveArgs([arg])[arg.name];
    }
    return { output: result };
  },
};
