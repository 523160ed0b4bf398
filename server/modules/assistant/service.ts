import { randomUUID } from "node:crypto";
import { streamText } from "ai";
import type { AssistantChunk } from "../../../contract/chat";
import type { Actor, Deps } from "../../core";
import { fail } from "../../core";
import { BUILTIN_TASKS } from "../../llm/builtin";
import { describeLlmError } from "../../llm/errors";
import { languageModelFor } from "../../llm/registry";
import { accessAgent } from "../agent/service";
import { findModel } from "../model";
import { sqlTableBrief } from "../table";
import { getTenantConfig } from "../tenant/service";
import type { CodeOptimizeInput, PromptOptimizeInput, SqlOptimizeInput } from "./contract";

export type { AssistantChunk };

const PROMPT_ENGINEER = `${BUILTIN_TASKS.optimize}
你是一名资深提示词工程师。把用户给出的提示词或需求改写为结构清晰、可直接使用的系统提示词。
使用 Markdown，包含：# 角色、# 背景、# 技能、# 约束、# 输出格式、# 工作流程。保留用户原有的 {{变量}} 占位符。只输出改写后的提示词。`;

const codeEngineer = (language: "Python" | "JavaScript") =>
  `你是一名资深 ${language} 工程师。根据需求编写代码，只输出代码本身。
${language === "JavaScript" ? "入口必须是 `export default async function main(args) { … return {…}; }`" : "入口必须是 `def main(args: dict) -> dict:`"}，参数从 args 读取，返回一个对象。`;

async function defaultModel(deps: Deps, tenantId: number) {
  const tenant = await getTenantConfig(deps, tenantId);
  const model = tenant.defaultChatModelId ? await findModel(deps.db, tenantId, tenant.defaultChatModelId) : undefined;
  if (model?.enabled !== 1) throw fail("请先在系统管理中设置默认对话模型");
  return model;
}

/** Starts a stateless assistant answer streamed chunk by chunk (the last has `finished: true`); `done` settles at its end. */
async function streamAssistant(
  deps: Deps,
  tenantId: number,
  system: string,
  prompt: string,
  requestId: string,
  emit: (c: AssistantChunk) => void,
) {
  const model = await defaultModel(deps, tenantId);
  const id = requestId || randomUUID().replaceAll("-", "");
  const chunk = (type: AssistantChunk["type"], text: string, finished = false, finishReason: string | null = null) =>
    emit({ id, role: "ASSISTANT", type, text, finished, finishReason });
  const done = (async () => {
    try {
      const result = streamText({
        model: languageModelFor(model, deps.config),
        system,
        prompt,
        temperature: 1,
        topP: 0.7,
        maxRetries: 0,
        onError: () => {},
        abortSignal: AbortSignal.timeout(120_000),
      });
      for await (const part of result.fullStream) {
        if (part.type === "reasoning-delta" && part.text) chunk("THINK", part.text);
        else if (part.type === "text-delta" && part.text) chunk("CHAT", part.text);
        else if (part.type === "error") throw part.error;
      }
      chunk("CHAT", "", true, "stop");
    } catch (err) {
      deps.log.warn({ err }, "assistant stream failed");
      chunk("CHAT", describeLlmError(err), true, "ERROR");
    }
  })();
  return { done };
}

export async function optimizePrompt(
  deps: Deps,
  actor: Actor,
  input: PromptOptimizeInput,
  emit: (c: AssistantChunk) => void,
) {
  let context = "";
  if (input.type === "AGENT" && input.id) {
    const { agent } = await accessAgent(deps, actor, input.id);
    context = `智能体名称：${agent.name}\n智能体简介：${agent.description || "无"}\n\n`;
  }
  return streamAssistant(
    deps,
    actor.tenantId,
    PROMPT_ENGINEER,
    `${context}需要优化的提示词：\n${input.prompt}`,
    input.requestId ?? "",
    emit,
  );
}

export async function optimizeCode(
  deps: Deps,
  actor: Actor,
  input: CodeOptimizeInput,
  emit: (c: AssistantChunk) => void,
) {
  return streamAssistant(
    deps,
    actor.tenantId,
    codeEngineer(input.codeLanguage),
    input.prompt,
    input.requestId ?? "",
    emit,
  );
}

const SQL_ENGINEER = `你是一名资深 PostgreSQL 工程师。根据需求和数据表结构，编写一条 SQL 语句（只能是 SELECT、INSERT、UPDATE 或 DELETE）。
用数据表的名称引用表；需要外部传入的值一律写成 {{参数名}} 占位符（不要加引号，例如 WHERE name = {{name}}，模糊匹配写成 LIKE '%' || {{kw}} || '%'）。
只输出 SQL 本身，不要解释，不要使用 Markdown 代码块。`;

/** Writes one statement against a table the caller may read, from its structure and the node's input arguments. */
export async function optimizeSql(
  deps: Deps,
  actor: Actor,
  input: SqlOptimizeInput,
  emit: (c: AssistantChunk) => void,
) {
  const brief = await sqlTableBrief(deps, actor, input.tableId);
  const args = input.inputArgs.map((a) => `{{${a.name}}}（${a.dataType}${a.description ? `，${a.description}` : ""}）`);
  const prompt = `${brief}\n\n可用的参数占位符：${args.length ? args.join("、") : "无"}\n\n需求：\n${input.prompt}`;
  return streamAssistant(deps, actor.tenantId, SQL_ENGINEER, prompt, input.requestId ?? "", emit);
}
