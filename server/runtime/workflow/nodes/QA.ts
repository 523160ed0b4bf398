import type { Arg } from "#contract/args";
import { nodeKinds } from "#contract/workflow-nodes";
import { BUILTIN_TASKS } from "#server/llm/builtin";
import { complete, jsonIn } from "../llm";
import { renderTemplate } from "../template";
import { type NodeContext, type NodeDefinition, type NodeOutcome, OUT, type WorkflowNode } from "../types";

interface Option {
  uuid: string;
  index?: string | null;
  content?: string | null;
  nextNodeIds?: number[] | null;
}

const isSelect = (node: WorkflowNode) => node.nodeConfig?.answerType === "SELECT";
const optionsOf = (node: WorkflowNode): Option[] => node.nodeConfig?.options ?? [];
const letter = (i: number) => String.fromCharCode(65 + i);
const DEFAULT_MAX_REPLIES = 3;

/** The question as the run's pause carries it; SELECT lists its options but the last, the silent default. */
function ask(ctx: NodeContext, question: string): NodeOutcome {
  const options = isSelect(ctx.node)
    ? optionsOf(ctx.node)
        .slice(0, -1)
        .map((o, i) => ({ uuid: o.uuid, index: o.index || letter(i), content: o.content ?? "" }))
    : [];
  return { output: {}, pause: { question, data: { question, answerType: ctx.config.answerType ?? "TEXT", options } } };
}

/** The option whose letter or text is the answer, else the last (default) option. */
function chosenOption(options: Option[], answer: string): Option | undefined {
  const given = answer.trim();
  return (
    options.find((o, i) => (o.index || letter(i)).toUpperCase() === given.toUpperCase()) ??
    options.find((o) => (o.content ?? "").trim() === given) ??
    options.at(-1)
  );
}

/** TEXT answers with fields to fill: the model extracts them; missing required ones are asked for again. */
async function extract(ctx: NodeContext, question: string, fields: Arg[]): Promise<NodeOutcome> {
  const answers = ctx.answers;
  const list = fields.map((f) => `- ${f.name}${f.description ? `：${f.description}` : ""}`).join("\n");
  const text = await complete(ctx, {
    system: `${BUILTIN_TASKS.extract}\n从用户对问题的回答中提取下列字段，只输出 JSON 对象，缺少的字段不要输出：\n${list}`,
    prompt: `问题：${question}\n回答：${answers.join("\n")}`,
  });
  const found = jsonIn(text) ?? {};
  const missing = fields.filter((f) => f.require && (found[f.name] === undefined || found[f.name] === ""));
  const maxReplies = Number(ctx.config.maxReplyCount ?? DEFAULT_MAX_REPLIES);
  if (missing.length && answers.length < maxReplies) {
    return ask(ctx, `请补充以下信息：${missing.map((f) => f.description || f.name).join("、")}`);
  }
  const output: Record<string, unknown> = { USER_RESPONSE: answers.at(-1) };
  for (const field of fields) output[field.name] = found[field.name] ?? null;
  return { output };
}

/**
 * 问答: the first arrival pauses the run with the question; the answer (handed in on resume) is the output
 * `USER_RESPONSE`. SELECT follows the chosen option's branch; TEXT may extract fields from the answer.
 */
export const QA: NodeDefinition = {
  kind: nodeKinds.QA,
  replay: true,
  ports: (node) =>
    isSelect(node)
      ? optionsOf(node).map((o) => ({ port: o.uuid, targets: o.nextNodeIds ?? [] }))
      : [{ port: OUT, targets: node.nextNodeIds ?? [] }],
  validate(node) {
    const out: string[] = [];
    if (!String(node.nodeConfig?.question ?? "").trim()) out.push("请填写提问内容");
    if (isSelect(node) && optionsOf(node).length < 2) out.push("选项回答至少需要一个选项和默认选项");
    return out;
  },
  async run(ctx) {
    const question = renderTemplate(ctx.config.question, ctx.inputs);
    const answer = ctx.answers.at(-1);
    if (answer === undefined) return ask(ctx, question);
    if (isSelect(ctx.node)) {
      const option = chosenOption(optionsOf(ctx.node), answer);
      return { output: { USER_RESPONSE: answer }, ports: option ? [option.uuid] : [] };
    }
    const fields = ((ctx.config.outputArgs ?? []) as Arg[]).filter((a) => a.name !== "USER_RESPONSE");
    if (!fields.length) return { output: { USER_RESPONSE: answer } };
    return extract(ctx, question, fields);
  },
};
