import { nodeKinds } from "#contract/workflow-nodes";
import type { NodeDefinition } from "../types";

/** Ends the loop after this iteration, which still counts in the loop's outputs. */
export const LoopBreak: NodeDefinition = {
  kind: nodeKinds.LoopBreak,
  run: () => ({ output: {}, control: "break" }),
};
