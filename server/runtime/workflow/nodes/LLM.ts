import type { Arg } from "#contract/args";
import { nodeKinds } from "#contract/workflow-nodes";
import { complete, jsonIn } from "../llm";
import { renderTemplate } from "../template";
import type { NodeDefinition } from "../types";

/**
 * 大模型: the prompts rendered with the node's inputs, one model call. Text/Markdown answer under the first
 * output argument (default `output`); JSON is parsed and must carry every output argument.
 */
export const LLM: NodeDefinition = {
  kind: nodeKinds.LLM,
  replay: true,
  validate(node) {
    const config = node.nodeConfig ?? {};
    const out: string[] = [];
    if (!String(config.userPrompt ?? "").trim() && !String(config.systemPrompt ?? "").trim()) out.push("请填写提示词");
    if (config.skillComponentConfigs?.length) out.push("大模型节点的技能（插件、工作流、知识库）将在后续版本支持");
    if (config.outputType === "JSON" && !config.outputArgs?.length) out.push("输出格式为 JSON 时请声明输出参数");
    return out;
  },
  async run(ctx) {
    const system = renderTemplate(ctx.config.systemPrompt, ctx.inputs);
    const prompt = renderTemplate(ctx.config.userPrompt, ctx.inputs) || system;
    const outputs = (ctx.config.outputArgs ?? []) as Arg[];
    if (ctx.config.outputType !== "JSON") {
      const text = await complete(ctx, { system: prompt === system ? undefined : system, prompt });
      return { output: { [outputs[0]?.name ?? "output"]: text } };
    }
    const fields = outputs.map((a) => `- ${a.name}（${a.dataType}）${a.description ?? ""}`).join("\n");
    const text = await complete(ctx, {
      system: `${system}\n\n只输出一个 JSON 对象，包含以下字段：\n${fields}`.trim(),
      prompt,
    });
    const parsed = jsonIn(text);
    if (!parsed) throw new Error("模型没有按要求输出 JSON");
    const missing = outputs.filter((a) => parsed[a.name] === undefined).map((a) => a.name);
    if (missing.length) throw new Error(`模型输出缺少字段 ${missing.join("、")}`);
    return { output: Object.fromEntries(outputs.map((a) => [a.name, parsed[a.name]])) };
  },
};
