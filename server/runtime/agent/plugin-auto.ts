import type { JSONSchema7 } from "@ai-sdk/provider";
import { generateText } from "ai";
import { languageModelFor } from "#server/llm/registry";
import type { ToolBuildContext } from "./tools";

const EXTRACT_TIMEOUT_MS = 30_000;

/**
 * An AUTO plugin runs before the model, so nobody chose its arguments: one call to the turn's model reads them
 * from the user's message (original-backend.md §5.5). Null when there is no model, it fails, or it answers no JSON
 * object — the caller then falls back to the message itself.
 */
export async function extractAutoArgs(ctx: ToolBuildContext, schema: JSONSchema7, message: string) {
  if (!ctx.model) return null;
  try {
    const { text } = await generateText({
      model: languageModelFor(ctx.model, ctx.deps.config),
      system: `你是参数提取器。根据用户的消息，按下面的 JSON Schema 提取工具参数。只输出一个 JSON 对象，不要解释；消息里没有的参数不要编造。\n${JSON.stringify(schema)}`,
      prompt: message.slice(0, 4000),
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(EXTRACT_TIMEOUT_MS),
    });
    const json = /\{[\s\S]*\}/.exec(text.replace(/<think>[\s\S]*?<\/think>/g, ""))?.[0];
    const parsed: unknown = json ? JSON.parse(json) : null;
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch (err) {
    ctx.deps.log.warn({ err }, "AUTO plugin argument extraction failed, using the message");
    return null;
  }
}
