import type { Arg } from "#contract/args";
import { startOutputs } from "#contract/system-variables";
import { type NodeType, nodeKinds } from "#contract/workflow-nodes";

/**
 * The slice of a workflow graph the node forms read. Both shapes of contract/api/workflow.ts fit it: the
 * details (`WorkflowDetail`, loop children nested in `innerNodes`) and the save body (`workflowConfig`, loop
 * children possibly flat with `loopNodeId`).
 */
export interface FormNode {
  id: number;
  name: string;
  description?: string | null;
  type: NodeType;
  nodeConfig: Record<string, unknown>;
  nextNodeIds?: number[] | null;
  loopNodeId?: number | null;
  innerStartNodeId?: number | null;
  innerEndNodeId?: number | null;
  innerNodes?: FormNode[] | null;
  typeId?: number | null;
}

export interface FormGraph {
  /** The workflow's id, when known: a Workflow node may not run the workflow it sits in. */
  id?: number;
  startNode?: FormNode | null;
  endNode?: FormNode | null;
  nodes: FormNode[];
}

/**
 * A source of values a node may reference: an upstream node's outputs (`<id>.<path>`), or, inside a loop, that
 * loop's current item and index (`<loopId>-input.<arg>_item`, `<loopId>-input.INDEX`) and its variables
 * (`<loopId>-var.<name>`) — the reference forms of original-backend.md §6.2.
 */
export interface Upstream {
  id: number;
  name: string;
  type: NodeType;
  scope: "node" | "loopItem" | "loopVariable";
  /** What a reference key starts with before the argument path. */
  prefix: string;
  outputArgs: Arg[];
}

/** One selectable reference, shown as `节点名 - 参数名` (nested paths dot-joined). */
export interface ReferenceOption {
  key: string;
  label: string;
  dataType: string;
  name: string;
}

const numbers = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((v): v is number => typeof v === "number") : [];
const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** Every node once, loop children carrying their loop's id whichever way the graph nests them. */
export function flatNodes(graph: FormGraph): FormNode[] {
  const byId = new Map<number, FormNode>();
  const visit = (nodes: readonly FormNode[], loopId: number | null) => {
    for (const node of nodes) {
      if (!byId.has(node.id)) {
        byId.set(node.id, loopId !== null && node.loopNodeId == null ? { ...node, loopNodeId: loopId } : node);
      }
      if (node.innerNodes?.length) visit(node.innerNodes, node.id);
    }
  };
  visit(
    [graph.startNode, graph.endNode].filter((n): n is FormNode => Boolean(n)),
    null,
  );
  visit(graph.nodes, null);
  return [...byId.values()];
}

export function findNode(graph: FormGraph, nodeId: number): FormNode | undefined {
  return flatNodes(graph).find((n) => n.id === nodeId);
}

/** The targets of every port a node draws (original-frontend.md §3.1): branches, intents, options, exception flow. */
export function targetsOf(node: FormNode): number[] {
  const config = node.nodeConfig ?? {};
  const branchTargets = (key: string) =>
    list<{ nextNodeIds?: unknown }>(config[key]).flatMap((b) => numbers(b.nextNodeIds));
  let targets: number[];
  if (node.type === "Condition") targets = branchTargets("conditionBranchConfigs");
  else if (node.type === "IntentRecognition") targets = branchTargets("intentConfigs");
  else if (node.type === "QA" && config.answerType === "SELECT") targets = branchTargets("options");
  else targets = numbers(node.nextNodeIds);
  const handling = config.exceptionHandleConfig as { exceptionHandleType?: string; exceptionHandleNodeIds?: unknown };
  if (nodeKinds[node.type]?.exceptionHandling && handling?.exceptionHandleType === "EXECUTE_EXCEPTION_FLOW") {
    targets = [...targets, ...numbers(handling.exceptionHandleNodeIds)];
  }
  return targets;
}

const ERROR_MESSAGE: Arg = { name: "ERROR_MESSAGE", dataType: "String", description: "节点失败时的错误信息" };

/**
 * What a node outputs: Start its parameters and the system variables (USER_NAME…); others their declared outputs,
 * the kind's defaults, and the error text.
 */
export function outputsOf(node: FormNode): Arg[] {
  const config = node.nodeConfig ?? {};
  if (node.type === "Start") return startOutputs(list<Arg>(config.inputArgs));
  const declared = list<Arg>(config.outputArgs);
  const kind = nodeKinds[node.type];
  const handling = (config.exceptionHandleConfig as { exceptionHandleType?: string } | null)?.exceptionHandleType;
  const defaults = [
    ...(kind?.defaultOutputs ?? []),
    ...(kind?.exceptionHandling && handling && handling !== "INTERRUPT" ? [ERROR_MESSAGE] : []),
  ];
  return [...declared, ...defaults.filter((d) => !declared.some((a) => a.name === d.name))];
}

/** The nodes reaching `target` inside one scope (edges never cross scopes), nearest first, `target` excluded. */
function ancestorsInScope(nodes: FormNode[], target: FormNode): FormNode[] {
  const scope = target.loopNodeId ?? null;
  const members = nodes.filter((n) => (n.loopNodeId ?? null) === scope);
  const incoming = new Map<number, number[]>();
  for (const node of members) {
    for (const to of targetsOf(node)) {
      if (to === node.id) continue;
      const from = incoming.get(to);
      if (from) from.push(node.id);
      else incoming.set(to, [node.id]);
    }
  }
  const byId = new Map(members.map((n) => [n.id, n]));
  const seen = new Set([target.id]);
  const order: FormNode[] = [];
  const queue = [target.id];
  for (let i = 0; i < queue.length; i++) {
    for (const from of incoming.get(queue[i]!) ?? []) {
      const node = byId.get(from);
      if (seen.has(from) || !node) continue;
      seen.add(from);
      order.push(node);
      queue.push(from);
    }
  }
  return order;
}

/** The item of one array type: `Array_Object` → `Object`; anything else stays as it is. */
const itemType = (dataType: string) => (dataType.startsWith("Array_") ? dataType.slice(6) : dataType);

/** A loop's current items (one per input array) and index, as the loop body sees them. */
export function loopItemArgs(loop: FormNode): Arg[] {
  const inputs =
    loop.nodeConfig?.loopType && loop.nodeConfig.loopType !== "ARRAY_LOOP" ? [] : list<Arg>(loop.nodeConfig?.inputArgs);
  return [
    ...inputs.map((a) => ({
      name: `${a.name}_item`,
      dataType: itemType(a.dataType),
      subArgs: a.subArgs,
      description: `${a.name} 的当前项`,
    })),
    { name: "INDEX", dataType: "Integer", description: "当前循环的序号（从 0 开始）" },
  ];
}

const nodeSource = (node: FormNode): Upstream => ({
  id: node.id,
  name: node.name,
  type: node.type,
  scope: "node",
  prefix: String(node.id),
  outputArgs: outputsOf(node),
});

/**
 * The sources `nodeId`'s arguments may reference, nearest first: the nodes that really run before it (following
 * edges, branch, intent, option and exception ports within its scope), then for each enclosing loop, innermost
 * first, the loop's item/index and variables and the nodes upstream of that loop. Unknown id: nothing.
 */
export function upstreamOf(graph: FormGraph, nodeId: number): Upstream[] {
  const nodes = flatNodes(graph);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const target = byId.get(nodeId);
  if (!target) return [];
  const sources = ancestorsInScope(nodes, target).map(nodeSource);
  const seenLoops = new Set<number>();
  for (
    let loop = byId.get(target.loopNodeId ?? -1);
    loop && !seenLoops.has(loop.id);
    loop = byId.get(loop.loopNodeId ?? -1)
  ) {
    seenLoops.add(loop.id);
    sources.push({
      ...nodeSource(loop),
      scope: "loopItem",
      prefix: `${loop.id}-input`,
      outputArgs: loopItemArgs(loop),
    });
    const variables = list<Arg>(loop.nodeConfig?.variableArgs);
    if (variables.length) {
      sources.push({ ...nodeSource(loop), scope: "loopVariable", prefix: `${loop.id}-var`, outputArgs: variables });
    }
    sources.push(...ancestorsInScope(nodes, loop).map(nodeSource));
  }
  return sources;
}

/** What a Loop's own outputs may collect: its body's nodes (one value per iteration) and its variables' final values. */
export function loopBodyOf(graph: FormGraph, loopId: number): Upstream[] {
  const nodes = flatNodes(graph);
  const loop = nodes.find((n) => n.id === loopId && n.type === "Loop");
  if (!loop) return [];
  const body = nodes
    .filter((n) => n.loopNodeId === loopId && n.type !== "LoopStart" && n.type !== "LoopEnd")
    .map(nodeSource);
  const variables = list<Arg>(loop.nodeConfig?.variableArgs);
  return variables.length
    ? [{ ...nodeSource(loop), scope: "loopVariable", prefix: `${loop.id}-var`, outputArgs: variables }, ...body]
    : body;
}

const scopeLabel = { node: "", loopItem: "（循环项）", loopVariable: "（循环变量）" } as const;

/** Every selectable reference of the sources, nested arguments included (`节点名 - 参数.子参数`). */
export function referenceOptions(sources: readonly Upstream[]): ReferenceOption[] {
  const out: ReferenceOption[] = [];
  const walk = (source: Upstream, args: readonly Arg[], path: string[], arrays: number) => {
    for (const arg of args) {
      const at = [...path, arg.name];
      const dataType = "Array_".repeat(arrays) + arg.dataType;
      out.push({
        key: `${source.prefix}.${at.join(".")}`,
        label: `${source.name}${scopeLabel[source.scope]} - ${at.join(".")}`,
        dataType,
        name: arg.name,
      });
      if (arg.subArgs?.length && at.length < 6) {
        walk(source, arg.subArgs, at, arrays + (arg.dataType.startsWith("Array_") ? 1 : 0));
      }
    }
  };
  for (const source of sources) walk(source, source.outputArgs, [], 0);
  return out;
}

/** The label of a stored reference key, or null when it points at nothing selectable any more. */
export function referenceLabel(options: readonly ReferenceOption[], key: unknown): string | null {
  return options.find((o) => o.key === key)?.label ?? null;
}
