import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import type { ModelDto } from "../../../server/modules/model/service";
import { idField, requiredText } from "../../lib/forms";

export type { ModelDto };

/** The model kinds and protocols the form offers (the original UI offers these three of each). */
export const formModelTypes = ["Chat", "Embeddings", "Multi"] as const;
export const formProtocols = ["OpenAI", "Anthropic", "Ollama"] as const;
export const functionCallModes = ["Unsupported", "CallSupported", "StreamCallSupported"] as const;

/** The backend's rules (server/modules/model/contract.ts), checked here first for quick feedback. */
const modelFields = z.object({
  id: idField().optional(),
  name: requiredText("请输入模型名称").min(1, "请输入模型名称").max(64, "最多 64 个字符"),
  description: z.string().trim().max(500, "最多 500 个字符").optional(),
  model: requiredText("请输入模型标识").min(1, "请输入模型标识").max(128, "最多 128 个字符"),
  type: z.enum(formModelTypes, { error: "请选择模型类型" }),
  apiProtocol: z.enum(formProtocols, { error: "请选择接口协议" }),
  baseUrl: z
    .string()
    .trim()
    .max(500, "最多 500 个字符")
    .regex(/^https?:\/\/\S+$/i, "必须是 http:// 或 https:// 开头的地址")
    .optional(),
  /** Blank, or the masked value shown when editing, keeps the stored key. */
  apiKey: z.string().trim().max(500, "最多 500 个字符").optional(),
  maxTokens: z.number({ error: "请输入整数" }).int("请输入整数").min(1, "至少为 1").max(1_000_000, "最大 1000000"),
  contextSize: z.number({ error: "请输入整数" }).int("请输入整数").min(256, "至少为 256").max(10_000_000, "过大"),
  functionCall: z.enum(functionCallModes, { error: "请选择函数调用能力" }),
  isReasonModel: z.boolean().default(false),
  dimension: z.number({ error: "请输入整数" }).int("请输入整数").min(1, "至少为 1").max(65536, "最大 65536").optional(),
  enabled: z.boolean().default(false),
});

/** Every protocol but Ollama (which defaults to the local address) needs the provider's base URL. */
const modelForm = <T extends string>(intent: T) =>
  modelFields
    .extend({ intent: z.literal(intent) })
    .refine((v) => v.apiProtocol === "Ollama" || v.baseUrl, { message: "请填写接口地址", path: ["baseUrl"] });

/** The built-in offline model: only its label and availability can change. */
const builtinFields = z.object({
  id: idField(),
  name: requiredText("请输入模型名称").min(1, "请输入模型名称").max(64, "最多 64 个字符"),
  description: z.string().trim().max(500, "最多 500 个字符").optional(),
  enabled: z.boolean().default(false),
});

/** One schema per submit button: 保存, 测试连接 (of the unsaved form), and the built-in model's 保存. */
export const modelFormSchemas = {
  save: modelForm("save"),
  "test-form": modelForm("test-form"),
  "save-builtin": builtinFields.extend({ intent: z.literal("save-builtin") }),
};
export type ModelFormIntent = keyof typeof modelFormSchemas;
export const isModelFormIntent = (v: unknown): v is ModelFormIntent => typeof v === "string" && v in modelFormSchemas;

/** 默认对话模型 is required; the other two may be left unset. */
export const modelDefaultsSchema = z.object({
  intent: z.literal("defaults"),
  defaultChatModelId: idField(),
  defaultSuggestModelId: idField().optional(),
  defaultEmbedModelId: idField().optional(),
});

export type ModelFormValue = z.infer<typeof modelFields>;

/** The form's values as POST /api/(system/)model/save and test-connectivity take them. */
export function saveBody(v: ModelFormValue, spaceId?: number) {
  return {
    id: v.id,
    spaceId,
    name: v.name,
    description: v.description ?? "",
    model: v.model,
    type: v.type,
    apiProtocol: v.apiProtocol,
    baseUrl: v.baseUrl,
    apiKey: v.apiKey ?? "",
    maxTokens: v.maxTokens,
    contextSize: v.contextSize,
    functionCall: v.functionCall,
    isReasonModel: v.type === "Embeddings" ? 0 : v.isReasonModel ? 1 : 0,
    dimension: v.type === "Embeddings" ? (v.dimension ?? 1536) : null,
    enabled: v.enabled ? 1 : 0,
  };
}

/**
 * The built-in model's save body. The backend validates protocol and base URL before it notices the model is
 * built in (and then ignores them), so Ollama — which needs no URL — gets the request past that check.
 */
export function builtinSaveBody(v: z.infer<typeof builtinFields>, existing: ModelDto) {
  return {
    id: v.id,
    name: v.name,
    description: v.description ?? "",
    model: existing.model,
    type: existing.type,
    apiProtocol: "Ollama",
    enabled: v.enabled ? 1 : 0,
  };
}

export interface ConnectivityResult {
  success: boolean;
  latencyMs: number;
  message: string;
}

/** What a model form's action answers when it does not redirect. */
export type ModelReply =
  | { intent: ModelFormIntent; result: SubmissionResult<string[]>; test?: ConnectivityResult }
  | { intent: "test"; id: number; test: ConnectivityResult }
  | { intent: "delete"; error: string }
  | { intent: "defaults"; result: SubmissionResult<string[]> };
