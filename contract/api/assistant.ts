import { id, z } from "../zod";
import { endpoint } from "./endpoint";

export const promptOptimizeInput = z.object({
  requestId: z.string().trim().max(64).optional(),
  prompt: z.string().trim().min(1, "不能为空").max(20_000, "最多 20000 个字符"),
  type: z.enum(["AGENT", "WORKFLOW_LLM_NODE"], { error: "必须是 AGENT 或 WORKFLOW_LLM_NODE" }).default("AGENT"),
  id: id().optional(),
});

export const codeOptimizeInput = z.object({
  requestId: z.string().trim().max(64).optional(),
  prompt: z.string().trim().min(1, "不能为空").max(20_000, "最多 20000 个字符"),
  codeLanguage: z.enum(["Python", "JavaScript"], { error: "必须是 Python 或 JavaScript" }),
});

export type PromptOptimizeInput = z.infer<typeof promptOptimizeInput>;
export type CodeOptimizeInput = z.infer<typeof codeOptimizeInput>;

/** /api/assistant/*: streamed helpers for writing prompts and code. */
export const assistant = {
  promptOptimize: endpoint({
    method: "POST",
    path: "/api/assistant/prompt/optimize",
    body: promptOptimizeInput,
    stream: true,
  }),
  codeOptimize: endpoint({
    method: "POST",
    path: "/api/assistant/code/optimize",
    body: codeOptimizeInput,
    stream: true,
  }),
};
