import { generateText } from "ai";
import { describeLlmError } from "#server/llm/errors";
import type { NodeContext } from "./types";

export interface Completion {
  system?: string;
  prompt: string;
}

/**
 * One model call of an LLM, IntentRecognition or QA node, through server/llm (the services hand over the
 * model). Provider failures become one Chinese sentence, the node's error.
 */
export async function complete(ctx: NodeContext, { system, prompt }: Completion): Promise<string> {
  if (!ctx.services.model) throw new Error("没有可用的模型");
  const model = await ctx.services.model(ctx.config.modelId ?? ctx.config.modelConfig?.id);
  try {
    const result = await generateText({
      model,
      system: system || undefined,
      prompt,
      temperature: ctx.config.temperature ?? undefined,
      topP: ctx.config.topP ?? undefined,
      maxOutputTokens: ctx.config.maxTokens ?? ctx.config.modelConfig?.maxTokens ?? undefined,
      maxRetries: 0,
      abortSignal: ctx.signal,
    });
    return result.text;
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    throw new Error(describeLlmError(error));
  }
}

/** The JSON object in a model's answer, also when wrapped in a ``` fence or surrounded by words. */
export function jsonIn(text: string): Record<string, unknown> | null {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(text)?.[1];
  const candidate = fenced ?? text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1);
  try {
    const value = JSON.parse(candidate);
    return value && typeof value === "object" && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}
