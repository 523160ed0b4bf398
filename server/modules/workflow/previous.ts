import type { Arg } from "#contract/args";
import { startOutputs } from "#contract/system-variables";
import type { Actor, Deps } from "#server/core";
import type { StoredNode } from "#server/db/schema/workflow";
import { ancestry, indexGraph } from "#server/runtime/workflow/graph";
import { engineGraph } from "./graph-edit";
import { accessNode } from "./service";

/** What a node offers downstream: a Start node's outputs are its parameters and the system variables. */
const outputsOf = (n: StoredNode) =>
  n.type === "Start"
    ? startOutputs((n.nodeConfig.inputArgs as Arg[] | undefined) ?? [])
    : ((n.nodeConfig.outputArgs as Arg[] | undefined) ?? []);

/** Every reference key of an argument tree (`<prefix>.<name>`, nested by dots) with its definition. */
function addKeys(argMap: Record<string, Arg>, prefix: string, args: Arg[]) {
  for (const arg of args) {
    const key = `${prefix}.${arg.name}`;
    argMap[key] = arg;
    if (arg.subArgs?.length) addKeys(argMap, key, arg.subArgs);
  }
}

/**
 * `node/previous/{id}`: what the node's arguments may reference — its upstream nodes outside its loop
 * (`previousNodes`), those inside the same loop (`innerPreviousNodes`), and `argMap` by reference key, including
 * the enclosing loops' items, INDEX and loop variables (`<loopId>-input.<arg>_item`, `-input.INDEX`, `-var.`).
 */
export async function previousNodes(deps: Deps, actor: Actor, nodeId: number) {
  const { workflow } = await accessNode(deps, actor, nodeId);
  const graph = workflow.graph;
  const index = indexGraph(engineGraph(graph));
  const upstream = ancestry(index);
  const node = graph.nodes.find((n) => n.id === nodeId)!;
  const argMap: Record<string, Arg> = {};
  const list = (n: StoredNode) => {
    const outputArgs = outputsOf(n);
    addKeys(argMap, String(n.id), outputArgs);
    return { id: n.id, name: n.name, type: n.type, icon: "", outputArgs };
  };
  const ancestors = graph.nodes.filter((n) => n.id !== nodeId && upstream(nodeId, n.id));
  const inner = ancestors.filter((n) => node.loopNodeId != null && n.loopNodeId === node.loopNodeId);
  // An enclosing loop's outputs exist only after its body ran: inside, its items and variables are offered instead.
  const outer = ancestors.filter((n) => !inner.includes(n) && !isEnclosing(graph.nodes, node, n.id));
  for (let loopId = node.loopNodeId; loopId != null; ) {
    const loop = graph.nodes.find((n) => n.id === loopId);
    if (!loop) break;
    for (const arg of (loop.nodeConfig.inputArgs as Arg[] | undefined) ?? []) {
      argMap[`${loop.id}-input.${arg.name}_item`] = {
        ...arg,
        name: `${arg.name}_item`,
        dataType: itemType(arg.dataType),
      };
    }
    argMap[`${loop.id}-input.INDEX`] = { name: "INDEX", dataType: "Integer" };
    for (const arg of (loop.nodeConfig.variableArgs as Arg[] | undefined) ?? [])
      argMap[`${loop.id}-var.${arg.name}`] = arg;
    loopId = loop.loopNodeId;
  }
  return { previousNodes: outer.map(list), innerPreviousNodes: inner.map(list), argMap };
}

/** Whether the loop `loopId` encloses the node (directly or through nested loops). */
function isEnclosing(nodes: StoredNode[], node: StoredNode, loopId: number) {
  for (let at = node.loopNodeId; at != null; at = nodes.find((n) => n.id === at)?.loopNodeId ?? null) {
    if (at === loopId) return true;
  }
  return false;
}

const itemType = (dataType: Arg["dataType"]) =>
  (dataType.startsWith("Array_") ? dataType.slice("Array_".length) : "Object") as Arg["dataType"];
