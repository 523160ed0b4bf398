import { nodeKinds } from "#contract/workflow-nodes";
import type { NodeDefinition } from "../types";

/** Ends this iteration; the loop goes on with the next. */
export const LoopContinue: NodeDefinition = {
  kind: nodeKinds.LoopContinue,
  run: () => ({ output: {}, control: "continue" }),
};
