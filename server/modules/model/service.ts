import { embed, generateText } from "ai";
import { defaultIcon, iconOr } from "#contract/icons";
import type { Actor, Deps } from "#server/core";
import { fail, forbidden, notFound, requireSystemAdmin } from "#server/core";
import { encryptSecret, maskSecret } from "#server/lib/secret-box";
import { describeLlmError } from "#server/llm/errors";
import { apiKeyOf, embeddingModelFor, languageModelFor } from "#server/llm/registry";
import { findUserById } from "../auth";
import { accessSpace } from "../space/service";
import { findTenantConfigValues, saveTenantConfigValues } from "../tenant";
import { getTenantConfig } from "../tenant/service";
import type { ListModelInput, ModelDefaultsInput, SaveModelInput } from "./contract";
import * as repo from "./repo";

type ModelRow = repo.ModelRow;

/** Whether a space may use this model: tenant-wide models everywhere, space models only in their space. */
export function modelVisibleTo(model: ModelRow, spaceId: number) {
  return model.scope !== "Space" || model.spaceId === spaceId;
}

export async function findUsableChatModel(deps: Deps, tenantId: number, spaceId: number, modelId: number) {
  const model = await repo.findModel(deps.db, tenantId, modelId);
  if (!model || !modelVisibleTo(model, spaceId)) return null;
  if (model.enabled !== 1 || (model.type !== "Chat" && model.type !== "Multi")) return null;
  return model;
}

/** A model as clients see it: the key only ever masked. */
type Creator = { id: number; userName: string; nickName: string | null; avatar: string | null } | undefined;

export function toModelDto(m: ModelRow, secretKey: string, creator: Creator) {
  const key = maskSecret(apiKeyOf(m, secretKey));
  return {
    id: m.id,
    tenantId: m.tenantId,
    spaceId: m.spaceId,
    scope: m.scope,
    name: m.name,
    description: m.description,
    model: m.model,
    type: m.type,
    apiProtocol: m.protocol,
    baseUrl: m.baseUrl,
    apiKey: key,
    apiInfoList: m.baseUrl ? [{ url: m.baseUrl, key, weight: 1 }] : [],
    maxTokens: m.maxTokens,
    contextSize: m.contextSize,
    functionCall: m.functionCall,
    isReasonModel: m.isReasonModel,
    dimension: m.dimension,
    enabled: m.enabled,
    builtin: m.protocol === "Builtin",
    creatorId: m.creatorId,
    creator: creator
      ? {
          id: creator.id,
          userName: creator.userName,
          nickName: creator.nickName ?? "",
          avatar: iconOr("User", creator.avatar),
        }
      : { id: null, userName: "system", nickName: "系统", avatar: defaultIcon("User") },
    networkType: "Internet" as const,
    strategy: "RoundRobin" as const,
    created: m.created.toISOString(),
    modified: m.modified.toISOString(),
  };
}
export type ModelDto = ReturnType<typeof toModelDto>;

/** Tenant models are readable by everyone in the tenant; space models by the space's members. */
async function readableModel(deps: Deps, actor: Actor, id: number) {
  const model = await repo.findModel(deps.db, actor.tenantId, id);
  if (!model) throw notFound("模型不存在");
  if (model.scope === "Space" && model.spaceId) {
    try {
      await accessSpace(deps, actor, model.spaceId);
    } catch {
      throw notFound("模型不存在");
    }
  }
  return model;
}

/**
 * Space models are managed by their space's Admins and Owner and by the member who added them — a model
 * holds someone's API key, so a plain member may use it but not re-point or remove it. Tenant models are
 * managed only by system admins.
 */
async function writableModel(deps: Deps, actor: Actor, id: number, system: boolean) {
  const model = await readableModel(deps, actor, id);
  if (system ? model.scope === "Space" : model.scope !== "Space")
    throw forbidden(system ? "这是空间模型，请在空间中管理" : "这是公共模型，只能由系统管理员管理");
  if (!system && model.spaceId && model.creatorId !== actor.userId) {
    const { role } = await accessSpace(deps, actor, model.spaceId);
    if (role === "User") throw forbidden("只有空间管理员或模型的添加人可以修改或删除该模型");
  }
  return model;
}

/** The stored key follows its address: a new base URL or protocol without a new key drops the old key. */
const sameEndpoint = (model: ModelRow, protocol: string, baseUrl: string) =>
  model.protocol === protocol && model.baseUrl === baseUrl;

export async function listModels(deps: Deps, actor: Actor, input: ListModelInput) {
  let rows: ModelRow[];
  if (input.spaceId) {
    await accessSpace(deps, actor, input.spaceId);
    rows = await repo.listModelsForSpace(deps.db, actor.tenantId, input.spaceId);
  } else rows = await repo.listTenantModels(deps.db, actor.tenantId);
  const shown = rows.filter(
    (m) => (!input.modelType || m.type === input.modelType) && (!input.apiProtocol || m.protocol === input.apiProtocol),
  );
  const creators = await repo.findCreators(deps.db, [...new Set(shown.flatMap((m) => m.creatorId ?? []))]);
  return shown.map((m) =>
    toModelDto(
      m,
      deps.config.SECRET_KEY,
      creators.find((u) => u.id === m.creatorId),
    ),
  );
}

export async function getModel(deps: Deps, actor: Actor, id: number) {
  const model = await readableModel(deps, actor, id);
  const creator = model.creatorId ? await findUserById(deps.db, model.creatorId) : undefined;
  return toModelDto(model, deps.config.SECRET_KEY, creator);
}

const isMasked = (key: string | undefined) => !key || key.includes("****") || /^\*+$/.test(key);

function connectionOf(input: SaveModelInput) {
  const first = input.apiInfoList?.[0];
  return { baseUrl: input.baseUrl ?? first?.url ?? "", apiKey: input.apiKey ?? first?.key };
}

export async function saveModel(deps: Deps, actor: Actor, input: SaveModelInput, system: boolean) {
  if (system) requireSystemAdmin(actor);
  const { baseUrl, apiKey } = connectionOf(input);
  const values: Partial<repo.NewModel> = {
    name: input.name,
    description: input.description,
    model: input.model,
    type: input.type,
    protocol: input.apiProtocol,
    baseUrl,
    maxTokens: input.maxTokens,
    contextSize: input.contextSize,
    functionCall: input.functionCall,
    isReasonModel: input.type === "Embeddings" ? 0 : input.isReasonModel,
    dimension: input.type === "Embeddings" ? (input.dimension ?? 1536) : null,
    enabled: input.enabled,
  };
  if (!isMasked(apiKey)) values.apiKeyEncrypted = encryptSecret(deps.config.SECRET_KEY, apiKey as string);
  if (input.id) {
    const existing = await writableModel(deps, actor, input.id, system);
    if (existing.protocol === "Builtin") {
      // The offline model's wiring is fixed; its label and availability are the admin's to change.
      await repo.updateModel(deps.db, existing.id, {
        name: input.name,
        description: input.description,
        enabled: input.enabled,
        modified: new Date(),
      });
      return existing.id;
    }
    if (isMasked(apiKey) && !sameEndpoint(existing, input.apiProtocol, baseUrl)) values.apiKeyEncrypted = null;
    await repo.updateModel(deps.db, existing.id, { ...values, modified: new Date() });
    return existing.id;
  }
  if (!system && !input.spaceId) throw fail("请指定模型所属的空间");
  if (!system && input.spaceId) await accessSpace(deps, actor, input.spaceId);
  const row = await repo.insertModel(deps.db, {
    ...(values as repo.NewModel),
    tenantId: actor.tenantId,
    scope: system ? "Tenant" : "Space",
    spaceId: system ? null : (input.spaceId ?? null),
    creatorId: actor.userId,
  });
  return row.id;
}

export async function deleteModel(deps: Deps, actor: Actor, id: number, system: boolean) {
  if (system) requireSystemAdmin(actor);
  const model = await writableModel(deps, actor, id, system);
  const tenant = await getTenantConfig(deps, actor.tenantId);
  if ([tenant.defaultChatModelId, tenant.defaultSuggestModelId, tenant.defaultEmbedModelId].includes(model.id)) {
    throw fail("默认模型不能删除，请先更换默认模型");
  }
  const users = await repo.countAgentsUsingModel(deps.db, model.id);
  if (users > 0) throw fail(`有 ${users} 个智能体正在使用该模型，请先为它们更换模型`);
  await repo.deleteModel(deps.db, model.id);
}

const TEST_TIMEOUT_MS = 20_000;
/** A silent peer ends as "cannot connect" before the caller's own timeout, like a closed port does. */
const TEST_LIMITS = { headersTimeoutMs: 15_000, totalTimeoutMs: TEST_TIMEOUT_MS };

/**
 * Sends a tiny real request to the provider and reports success and latency in plain Chinese. A saved model
 * is tested exactly as stored by anyone who may read it. A form that keeps the stored (masked) key is for
 * someone who may edit that model, and the stored key goes only to the stored protocol and address —
 * otherwise anyone could send the key to a server of their choosing.
 */
export async function testConnectivity(
  deps: Deps,
  actor: Actor,
  input: { id: number } | SaveModelInput,
  system: boolean,
) {
  if (system) requireSystemAdmin(actor);
  let row: ModelRow;
  if ("model" in input) {
    const { baseUrl, apiKey } = connectionOf(input);
    let apiKeyEncrypted = isMasked(apiKey) ? null : encryptSecret(deps.config.SECRET_KEY, apiKey as string);
    if (!apiKeyEncrypted && input.id) {
      const stored = await writableModel(deps, actor, input.id, system);
      if (sameEndpoint(stored, input.apiProtocol, baseUrl)) apiKeyEncrypted = stored.apiKeyEncrypted;
    }
    row = {
      ...(await placeholderRow(actor)),
      model: input.model,
      type: input.type,
      protocol: input.apiProtocol,
      baseUrl,
      apiKeyEncrypted,
    };
  } else row = await readableModel(deps, actor, input.id);
  const started = Date.now();
  try {
    if (row.type === "Embeddings") {
      await embed({
        model: embeddingModelFor(row, deps.config, TEST_LIMITS),
        value: "ping",
        maxRetries: 0,
        abortSignal: AbortSignal.timeout(TEST_TIMEOUT_MS),
      });
    } else {
      await generateText({
        model: languageModelFor(row, deps.config, TEST_LIMITS),
        prompt: "ping",
        maxOutputTokens: 16,
        maxRetries: 0,
        abortSignal: AbortSignal.timeout(TEST_TIMEOUT_MS),
      });
    }
    const latencyMs = Date.now() - started;
    return { success: true, latencyMs, message: `连接成功，耗时 ${latencyMs} 毫秒` };
  } catch (err) {
    deps.log.info({ err, model: row.model }, "model connectivity test failed");
    return { success: false, latencyMs: Date.now() - started, message: describeLlmError(err) };
  }
}

async function placeholderRow(actor: Actor): Promise<ModelRow> {
  const now = new Date();
  return {
    id: 0,
    tenantId: actor.tenantId,
    spaceId: null,
    creatorId: actor.userId,
    scope: "Space",
    name: "test",
    description: "",
    model: "",
    type: "Chat",
    protocol: "OpenAI",
    baseUrl: "",
    apiKeyEncrypted: null,
    maxTokens: 16,
    contextSize: 4096,
    functionCall: "Unsupported",
    isReasonModel: 0,
    dimension: null,
    enabled: 1,
    sort: 0,
    created: now,
    modified: now,
  };
}

/** Tenant defaults for chat, suggestions and embeddings: each must be an enabled tenant model of the right kind. */
export async function setDefaults(deps: Deps, actor: Actor, input: ModelDefaultsInput) {
  requireSystemAdmin(actor);
  const stored = await findTenantConfigValues(deps.db, actor.tenantId);
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (value !== null) {
      const model = await repo.findModel(deps.db, actor.tenantId, value);
      const wantsEmbedding = key === "defaultEmbedModelId";
      if (
        !model ||
        model.scope === "Space" ||
        model.enabled !== 1 ||
        (model.type === "Embeddings") !== wantsEmbedding
      ) {
        throw fail(
          wantsEmbedding ? "默认向量模型必须是已启用的公共向量模型" : "默认对话模型必须是已启用的公共对话模型",
        );
      }
    } else if (key === "defaultChatModelId") throw fail("必须设置默认对话模型");
    stored[key] = value;
  }
  await saveTenantConfigValues(deps.db, actor.tenantId, stored);
}
