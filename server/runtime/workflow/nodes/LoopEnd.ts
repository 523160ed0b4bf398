import { nodeKinds } from "#contract/workflow-nodes";
import type { NodeDefinition } from "../types";

/** A marker the loop body's DAG runs to; created with its Loop, never by hand. */
export const LoopEnd: NodeDefinition = { kind: nodeKinds.LoopEnd, run: () => ({ output: {} }) };
