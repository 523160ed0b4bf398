import type { Arg } from "#contract/args";
import { startOutputs } from "#contract/system-variables";
import { ancestry, type GraphIndex } from "./graph";
import { definitionOf } from "./nodes";
import type { WorkflowNode } from "./types";
import { type PathSegment, parseReference } from "./values";

/** Every argument in a node's config that is bound to a reference, wherever it sits (inputs, conditions, HTTP lists…). */
function referencedArgs(value: unknown, found: { arg: Arg; inOutputs: boolean }[], inOutputs = false, depth = 0) {
  if (!value || typeof value !== "object" || depth > 8) return;
  if (Array.isArray(value)) {
    for (const item of value) referencedArgs(item, found, inOutputs, depth + 1);
    return;
  }
  const object = value as Record<string, unknown>;
  if (object.bindValueType === "Reference") found.push({ arg: object as unknown as Arg, inOutputs });
  for (const [key, child] of Object.entries(object)) {
    if (key === "extension") continue;
    referencedArgs(child, found, inOutputs || key === "outputArgs", depth + 1);
  }
}

const isArray = (t: string) => t.startsWith("Array_");
const isFile = (t: string) => t === "File" || t.startsWith("File_");

/** A reference's type may feed an argument of the declared type: only clear mismatches are refused. */
export function compatible(source: string, target: string): boolean {
  if (source === target || target === "String") return true;
  if (isArray(target) || isArray(source)) {
    return isArray(target) && isArray(source) && compatible(source.slice(6), target.slice(6));
  }
  if (isFile(target)) return isFile(source) || source === "String";
  if (target === "Integer" || target === "Number") return ["Integer", "Number", "String"].includes(source);
  if (target === "Boolean") return source === "Boolean" || source === "String";
  if (target === "Object") return source === "Object";
  return true;
}

/** The outputs a node declares: its `outputArgs` and its kind's defaults; Start: its parameters and system variables. */
function declaredOutputs(node: WorkflowNode): Arg[] {
  const configured = (node.nodeConfig?.outputArgs ?? []) as Arg[];
  if (node.type === "Start") return startOutputs((node.nodeConfig?.inputArgs ?? []) as Arg[]);
  const kind = definitionOf(node.type)?.kind;
  // Nothing declared: the node's outputs are not known here, so references to it are not checked.
  if (!configured.length && !kind?.defaultOutputs.length) return [];
  // A node with exception handling may answer with ERROR_MESSAGE instead of failing the run.
  const defaults = [
    ...(kind?.defaultOutputs ?? []),
    ...(kind?.exceptionHandling ? [{ name: "ERROR_MESSAGE", dataType: "String" }] : []),
  ];
  return [...configured, ...defaults.filter((d) => !configured.some((c) => c.name === d.name))];
}

/** The declared type at a path: undefined when the path leaves what is declared, "?" past undeclared depth. */
function typeAt(args: Arg[], path: PathSegment[]): string | undefined {
  let list: Arg[] | undefined = args;
  let type = "";
  let wrap = 0;
  for (const segment of path) {
    if (typeof segment === "number") {
      if (!isArray(type)) return "?";
      type = type.slice(6);
      continue;
    }
    if (type && isArray(type)) wrap++;
    if (!list) return "?";
    const arg: Arg | undefined = list.find((a) => a.name === segment);
    if (!arg) return type ? "?" : undefined;
    type = arg.dataType;
    list = arg.subArgs?.length ? arg.subArgs : undefined;
  }
  return "Array_".repeat(wrap) + type;
}

function enclosingLoops(index: GraphIndex, node: WorkflowNode): Set<number> {
  const loops = new Set<number>();
  for (let id = node.loopNodeId; id != null; id = index.byId.get(id)?.loopNodeId) loops.add(id);
  return loops;
}

/** Checks every reference: well formed, to an existing upstream node or enclosing loop, of a fitting type. */
export function checkReferences(index: GraphIndex, add: (nodeId: number, message: string) => void) {
  const isUpstream = ancestry(index);
  for (const node of index.byId.values()) {
    const found: { arg: Arg; inOutputs: boolean }[] = [];
    referencedArgs(node.nodeConfig, found);
    if (!found.length) continue;
    const loops = enclosingLoops(index, node);
    for (const { arg, inOutputs } of found) {
      const label = arg.name || "条件参数";
      const reference = parseReference(arg.bindValue);
      if (!reference) {
        add(node.id, `参数 ${label} 未选择引用或引用格式不正确`);
        continue;
      }
      if (reference.kind !== "node") {
        const loop = index.byId.get(reference.loopId);
        const ownOutput = node.type === "Loop" && reference.loopId === node.id && inOutputs;
        if (loop?.type !== "Loop" || !(loops.has(reference.loopId) || ownOutput)) {
          add(node.id, `参数 ${label} 只能在所属循环体内引用循环的输入或变量`);
          continue;
        }
        const names =
          reference.kind === "loopVar"
            ? ((loop.nodeConfig?.variableArgs ?? []) as Arg[]).map((a) => a.name)
            : ["INDEX", ...((loop.nodeConfig?.inputArgs ?? []) as Arg[]).map((a) => `${a.name}_item`)];
        if (!names.includes(reference.name)) {
          const what = reference.kind === "loopVar" ? "循环变量" : "循环输入";
          add(node.id, `参数 ${label} 引用的${what} ${reference.name} 不存在`);
        }
        continue;
      }
      const source = index.byId.get(reference.nodeId);
      if (!source) {
        add(node.id, `参数 ${label} 引用的节点（${reference.nodeId}）不存在`);
        continue;
      }
      const inner = node.type === "Loop" && inOutputs && source.loopNodeId === node.id;
      if (!inner && !isUpstream(node.id, source.id)) {
        add(node.id, `参数 ${label} 引用的节点「${source.name}」不在当前节点之前`);
        continue;
      }
      const declared = declaredOutputs(source);
      const type = declared.length ? typeAt(declared, reference.path) : "?";
      const where = reference.path.join(".");
      if (type === undefined) {
        if (source.type !== "Start") add(node.id, `参数 ${label} 引用的「${source.name}」没有输出 ${where}`);
        continue;
      }
      // A loop's output bound to an inner node collects one value per iteration: an array of that type.
      const expected = inner ? `Array_${type}` : type;
      if (!type.includes("?") && arg.dataType && !compatible(expected, arg.dataType)) {
        add(node.id, `参数 ${label} 的类型 ${arg.dataType} 与引用的「${source.name}」的 ${where}（${expected}）不一致`);
      }
    }
  }
}
