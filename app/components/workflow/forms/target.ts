import type { Arg } from "#contract/args";
import type { FormGraph, FormNode, ReferenceOption } from "./graph";

/** Plugin and Workflow nodes run a published target: which one, and its parameters bound like any node's. */
export type TargetKind = "Plugin" | "Workflow";

export function targetIdOf(node: FormNode): number | null {
  const config = node.nodeConfig ?? {};
  const id = Number(
    node.type === "Plugin" ? (config.pluginId ?? config.typeId ?? node.typeId) : (node.typeId ?? config.typeId),
  );
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The node pointed at another target: its old parameters mean nothing there, so they are cleared until loaded. */
export function chooseTarget(node: FormNode, id: number | null): FormNode {
  const config: Record<string, unknown> = { ...node.nodeConfig, typeId: id, inputArgs: [], outputArgs: [] };
  if (node.type === "Plugin") config.pluginId = id;
  return { ...node, typeId: id, nodeConfig: config };
}

const bindingOf = (arg: Arg): Pick<Arg, "bindValueType" | "bindValue"> =>
  arg.bindValue !== undefined && arg.bindValue !== null && arg.bindValue !== ""
    ? { bindValueType: "Input", bindValue: arg.bindValue }
    : { bindValueType: "Reference" };

/**
 * The target's inputs, each keeping the binding the node already had for that name (a plugin republished with
 * one more parameter keeps the others' references); new ones start from the target's default value.
 */
export function mergeInputs(current: readonly Arg[], target: readonly Arg[]): Arg[] {
  return target
    .filter((arg) => arg.enable !== false || arg.require)
    .map((arg) => {
      const had = current.find((c) => c.name === arg.name);
      const binding = had?.bindValueType
        ? { bindValueType: had.bindValueType, bindValue: had.bindValue }
        : bindingOf(arg);
      return { ...arg, ...binding };
    });
}

export function validateTarget(node: FormNode, references: readonly ReferenceOption[], graph?: FormGraph): string[] {
  const id = targetIdOf(node);
  if (!id) return [node.type === "Plugin" ? "请选择插件" : "请选择工作流"];
  if (node.type === "Workflow" && graph?.id === id) return ["工作流不能调用它自身"];
  const inputs = Array.isArray(node.nodeConfig?.inputArgs) ? (node.nodeConfig.inputArgs as Arg[]) : [];
  const problems: string[] = [];
  for (const arg of inputs) {
    const empty = arg.bindValue === undefined || arg.bindValue === null || arg.bindValue === "";
    // Optional parameters may stay unset; a required one may not, and a set reference must be upstream.
    if (empty) {
      if (arg.require)
        problems.push(`输入参数：必填参数 ${arg.name} 未${arg.bindValueType === "Reference" ? "选择引用" : "填写"}`);
    } else if (arg.bindValueType === "Reference" && !references.some((o) => o.key === arg.bindValue)) {
      problems.push(`输入参数：参数 ${arg.name} 引用的变量不在上游节点中`);
    }
  }
  return problems;
}
