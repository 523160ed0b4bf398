import { argSchema } from "../args";
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

/** The SQL assistant: writes one statement against the table from a description; `{{name}}` names `inputArgs`. */
export const sqlOptimizeInput = z.object({
  requestId: z.string().trim().max(64).optional(),
  prompt: z.string().trim().min(1, "不能为空").max(20_000, "最多 20000 个字符"),
  tableId: id(),
  inputArgs: z.array(argSchema).max(100).default([]),
});

export type PromptOptimizeInput = z.infer<typeof promptOptimizeInput>;
export type CodeOptimizeInput = z.infer<typeof codeOptimizeInput>;
export type SqlOptimizeInput = z.infer<typeof sqlOptimizeInput>;

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
  sqlOptimize: endpoint({
    method: "POST",
    path: "/api/assistant/sql/optimize",
    body: sqlOptimizeInput,
    stream: true,
  }),
};
