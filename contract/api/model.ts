import { functionCallModes, modelProtocols, modelTypes } from "../enums";
import { id, z } from "../zod";
import { endpoint, nothing } from "./endpoint";
import { connectivityResultDto, modelDto } from "./model-dto";

/** Protocols a user may configure; Builtin is seeded, never created by hand. */
const configurableProtocols = modelProtocols.filter((p) => p !== "Builtin") as [
  "OpenAI",
  "Anthropic",
  "Ollama",
  "Zhipu",
];
const httpUrl = z
  .string()
  .trim()
  .max(500, "最多 500 个字符")
  .regex(/^https?:\/\/[^\s]+$/i, "必须是 http:// 或 https:// 开头的地址")
  // Providers append their paths (/chat/completions) to the base URL; a query or fragment would swallow them
  // and let the address pick any path on the server.
  .refine((url) => !/[?#]/.test(url), "接口地址不能包含 ? 或 #")
  .refine((url) => URL.canParse(url), "不是有效的地址");

const integer = (min: number, max: number) =>
  z.coerce.number().int("必须是整数").min(min, `至少为 ${min}`).max(max, `最多 ${max}`);

/** Every protocol but Ollama (which defaults to the local address) needs the provider's base URL. */
const hasBaseUrl = (v: { apiProtocol: string; baseUrl?: string; apiInfoList?: unknown[] }) =>
  v.apiProtocol === "Ollama" || Boolean(v.baseUrl) || Boolean(v.apiInfoList?.length);
export const baseUrlRule = { check: hasBaseUrl, message: "请填写接口地址", path: ["baseUrl"] } as const;

/** A model's fields, for forms to compose; requests are checked by saveModelInput (with the base URL rule). */
export const saveModelFields = z.object({
  id: id().optional(),
  spaceId: id().optional(),
  name: z.string().trim().min(1, "不能为空").max(64, "最多 64 个字符"),
  description: z.string().trim().max(500, "最多 500 个字符").default(""),
  model: z.string().trim().min(1, "不能为空").max(128, "最多 128 个字符"),
  type: z.enum(modelTypes, { error: "不是支持的模型类型" }).default("Chat"),
  apiProtocol: z.enum(configurableProtocols, { error: "必须是 OpenAI、Anthropic、Ollama 或 Zhipu" }).default("OpenAI"),
  baseUrl: httpUrl.optional(),
  /** A masked value (as returned by reads) or an empty string keeps the stored key. */
  apiKey: z.string().trim().max(500).optional(),
  apiInfoList: z
    .array(z.object({ url: httpUrl, key: z.string().trim().max(500).default(""), weight: z.number().optional() }))
    .max(10)
    .optional(),
  maxTokens: integer(1, 1_000_000).default(4096),
  contextSize: integer(256, 10_000_000).default(32768),
  functionCall: z
    .enum(functionCallModes, { error: "必须是 Unsupported、CallSupported 或 StreamCallSupported" })
    .default("CallSupported"),
  isReasonModel: z.union([z.literal(0), z.literal(1)]).default(0),
  dimension: integer(1, 65536).nullable().optional(),
  enabled: z.union([z.literal(0), z.literal(1)]).default(1),
});
export const saveModelInput = saveModelFields.refine(baseUrlRule.check, {
  message: baseUrlRule.message,
  path: [...baseUrlRule.path],
});

export const listModelInput = z.object({
  spaceId: id().optional(),
  modelType: z.enum(modelTypes).optional(),
  apiProtocol: z.enum(modelProtocols).optional(),
});

export const testModelInput = z.union([z.object({ id: id() }).strict(), saveModelInput]);

export const modelDefaultsInput = z.object({
  defaultChatModelId: id().nullable().optional(),
  defaultSuggestModelId: id().nullable().optional(),
  defaultEmbedModelId: id().nullable().optional(),
});

export type SaveModelInput = z.infer<typeof saveModelInput>;
export type ListModelInput = z.infer<typeof listModelInput>;
export type ModelDefaultsInput = z.infer<typeof modelDefaultsInput>;

/** /api/model/* (space models, reading tenant ones) and /api/system/model/* (tenant models, system admins). */
export const model = {
  save: endpoint({ method: "POST", path: "/api/model/save", body: saveModelInput, response: z.number().int() }),
  list: endpoint({ method: "POST", path: "/api/model/list", body: listModelInput, response: z.array(modelDto) }),
  test: endpoint({
    method: "POST",
    path: "/api/model/test-connectivity",
    body: testModelInput,
    response: connectivityResultDto,
  }),
  delete: endpoint({ method: "POST", path: "/api/model/:id/delete", response: nothing }),
  get: endpoint({ method: "GET", path: "/api/model/:id", response: modelDto }),
  systemSave: endpoint({
    method: "POST",
    path: "/api/system/model/save",
    body: saveModelInput,
    response: z.number().int(),
  }),
  systemList: endpoint({
    method: "POST",
    path: "/api/system/model/list",
    body: listModelInput,
    response: z.array(modelDto),
  }),
  systemTest: endpoint({
    method: "POST",
    path: "/api/system/model/test-connectivity",
    body: testModelInput,
    response: connectivityResultDto,
  }),
  systemListAll: endpoint({ method: "GET", path: "/api/system/model/list", response: z.array(modelDto) }),
  systemDefaults: endpoint({
    method: "POST",
    path: "/api/system/model/defaults",
    body: modelDefaultsInput,
    response: nothing,
  }),
  systemDelete: endpoint({ method: "POST", path: "/api/system/model/:id/delete", response: nothing }),
  systemGet: endpoint({ method: "GET", path: "/api/system/model/:id", response: modelDto }),
};
