import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { idField, required, requiredNumber } from "#app/lib/forms";
import { baseUrlRule, saveModelFields, type saveModelInput } from "#contract/api/model";
import type { ModelDto } from "#contract/api/model-dto";
import { functionCallModes, type modelProtocols, type modelTypes } from "#contract/enums";

export type { ModelDto };
export { functionCallModes };

/** The model kinds and protocols the form offers (the original UI offers these three of each). */
export const formModelTypes = ["Chat", "Embeddings", "Multi"] as const satisfies readonly (typeof modelTypes)[number][];
export const formProtocols = [
  "OpenAI",
  "Anthropic",
  "Ollama",
] as const satisfies readonly (typeof modelProtocols)[number][];

/** The contract's rules for a model (contract/api/model.ts), with the form's words for empty fields. */
const rules = saveModelFields.shape;
const modelFields = z.object({
  id: idField().optional(),
  name: required("请输入模型名称", rules.name),
  description: rules.description.unwrap().optional(),
  model: required("请输入模型标识", rules.model),
  type: z.enum(formModelTypes, { error: "请选择模型类型" }),
  apiProtocol: z.enum(formProtocols, { error: "请选择接口协议" }),
  baseUrl: rules.baseUrl,
  /** Blank, or the masked value shown when editing, keeps the stored key. */
  apiKey: rules.apiKey,
  maxTokens: requiredNumber("请输入整数", rules.maxTokens.unwrap()),
  contextSize: requiredNumber("请输入整数", rules.contextSize.unwrap()),
  functionCall: z.enum(functionCallModes, { error: "请选择函数调用能力" }),
  isReasonModel: z.boolean().default(false),
  dimension: requiredNumber("请输入整数", rules.dimension.unwrap().unwrap()).optional(),
  enabled: z.boolean().default(false),
});

const modelForm = <T extends string>(intent: T) =>
  modelFields
    .extend({ intent: z.literal(intent) })
    .refine(baseUrlRule.check, { message: baseUrlRule.message, path: [...baseUrlRule.path] });

/** The built-in offline model: only its label and availability can change. */
const builtinFields = modelFields.pick({ name: true, description: true, enabled: true }).extend({ id: idField() });

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
type SaveModelBody = z.input<typeof saveModelInput>;

/** The form's values as POST /api/(system/)model/save and test-connectivity take them. */
export function saveBody(v: ModelFormValue, spaceId?: number): SaveModelBody {
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
export function builtinSaveBody(v: z.infer<typeof builtinFields>, existing: ModelDto): SaveModelBody {
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

/** Query parameters of 公共模型管理 that only open a dialog or a confirmation. */
export const DIALOG_PARAMS = ["dialog", "edit", "confirm", "id"];
