import { functionCallModes, modelProtocols, modelScopes, modelTypes } from "../enums";
import { z } from "../zod";

/** A model as reads answer it: the key masked, the base URL also as the original client's `apiInfoList`. */
export const modelDto = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  spaceId: z.number().int().nullable(),
  scope: z.enum(modelScopes),
  name: z.string(),
  description: z.string(),
  model: z.string(),
  type: z.enum(modelTypes),
  apiProtocol: z.enum(modelProtocols),
  baseUrl: z.string(),
  apiKey: z.string(),
  apiInfoList: z.array(z.object({ url: z.string(), key: z.string(), weight: z.number() })),
  maxTokens: z.number().int(),
  contextSize: z.number().int(),
  functionCall: z.enum(functionCallModes),
  isReasonModel: z.number().int(),
  dimension: z.number().int().nullable(),
  enabled: z.number().int(),
  builtin: z.boolean(),
  creatorId: z.number().int().nullable(),
  /** Who added it; built-in and seeded models have no creator (id null, shown as 系统). */
  creator: z.object({
    id: z.number().int().nullable(),
    userName: z.string(),
    nickName: z.string(),
    avatar: z.string(),
  }),
  /** One address per model, so no load balancing across addresses and always reached over the network. */
  networkType: z.literal("Internet"),
  strategy: z.literal("RoundRobin"),
  created: z.iso.datetime({ offset: true }),
  modified: z.iso.datetime({ offset: true }),
});
export type ModelDto = z.infer<typeof modelDto>;

/** 测试连接: whether the provider answered, how fast, and what to tell the user. */
export const connectivityResultDto = z.object({
  success: z.boolean(),
  latencyMs: z.number(),
  message: z.string(),
});
