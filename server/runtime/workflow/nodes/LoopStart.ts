import { nodeKinds } from "#contract/workflow-nodes";
import type { NodeDefinition } from "../types";

/** A marker the loop body's DAG runs from; created with its Loop, never by hand. */
export const LoopStart: NodeDefinition = { kind: nodeKinds.LoopStart, run: () => ({ output: {} }) };
