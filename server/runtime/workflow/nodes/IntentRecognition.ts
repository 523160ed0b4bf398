import { nodeKinds } from "#contract/workflow-nodes";
import { BUILTIN_TASKS } from "#server/llm/builtin";
import { complete, jsonIn } from "../llm";
import { textOf } from "../template";
import type { NodeDefinition, WorkflowNode } from "../types";

interface Intent {
  uuid: string;
  intent: string;
  intentType?: string | null;
  nextNodeIds?: number[] | null;
}

const intentsOf = (node: WorkflowNode): Intent[] => node.nodeConfig?.intentConfigs ?? [];
/** The catch-all branch ("其他意图"), taken when no listed intent matches. */
const isOther = (i: Intent) => i.intentType === "OTHER";

/**
 * 意图识别: the model picks one of the listed intents for the input (JSON `{classificationId, reason}`);
 * that intent's branch runs, the others are skipped; no match takes the catch-all branch if there is one.
 */
export const IntentRecognition: NodeDefinition = {
  kind: nodeKinds.IntentRecognition,
  replay: true,
  ports: (node) => intentsOf(node).map((i) => ({ port: i.uuid, targets: i.nextNodeIds ?? [] })),
  validate(node) {
    const intents = intentsOf(node).filter((i) => !isOther(i));
    if (!intents.length) return ["请至少添加一个意图"];
    return intents.some((i) => !i.intent.trim()) ? ["意图描述不能为空"] : [];
  },
  async run(ctx) {
    const all = intentsOf(ctx.node);
    const listed = all.filter((i) => !isOther(i));
    const lines = listed.map((i, index) => `${index}. ${i.intent.replace(/\s+/g, " ").trim()}`).join("\n");
    const system = [
      BUILTIN_TASKS.intent,
      '判断用户输入属于下列哪一个意图，只输出 JSON：{"classificationId": 序号, "reason": "理由"}。',
      `都不符合时 classificationId 为 ${listed.length}。`,
      lines,
      ctx.config.systemPrompt ?? "",
    ].join("\n");
    const values = Object.values(ctx.inputs);
    const prompt = values.length === 1 ? textOf(values[0]) : JSON.stringify(ctx.inputs);
    const answer = jsonIn(await complete(ctx, { system, prompt }));
    const id = Number(answer?.classificationId);
    const chosen = Number.isInteger(id) && id >= 0 && id < listed.length ? listed[id] : all.find(isOther);
    return {
      output: { classificationId: chosen && !isOther(chosen) ? id : listed.length, reason: textOf(answer?.reason) },
      ports: chosen ? [chosen.uuid] : [],
    };
  },
};
