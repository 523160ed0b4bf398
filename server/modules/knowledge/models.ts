import { and, eq } from "drizzle-orm";
import type { Deps } from "#server/core";
import { fail } from "#server/core";
import { models, tenants } from "#server/db/schema";
import { type Embedder, embedderFor } from "#server/runtime/knowledge/embed";
import { LEXICAL_DIM, LEXICAL_MODEL } from "#server/runtime/knowledge/lexical";
import { findModel, insertModel, type ModelRow } from "../model";
import { modelVisibleTo } from "../model/service";
import { getTenantConfig } from "../tenant/service";

/** The built-in offline embedding's row in each tenant's model list, labelled for what it is. */
const builtinEmbedding = {
  scope: "Tenant" as const,
  name: "内置词法向量（离线）",
  description:
    "离线可用、结果确定的词法向量：jieba 分词与字符二元组经 TF-IDF 加权后特征哈希而成，并非语义模型，同义改写的召回有限；正式使用请添加真实的向量模型",
  model: LEXICAL_MODEL,
  type: "Embeddings" as const,
  protocol: "Builtin" as const,
  dimension: LEXICAL_DIM,
};

async function findBuiltin(deps: Deps, tenantId: number) {
  const [row] = await deps.db
    .select()
    .from(models)
    .where(and(eq(models.tenantId, tenantId), eq(models.protocol, "Builtin"), eq(models.type, "Embeddings")));
  return row;
}

/** Every tenant lists the built-in embedding (added at start, so a fresh install searches with no key). */
export async function ensureBuiltinEmbeddings(deps: Deps) {
  for (const { id } of await deps.db.select({ id: tenants.id }).from(tenants)) {
    if (!(await findBuiltin(deps, id))) await insertModel(deps.db, { tenantId: id, ...builtinEmbedding });
  }
}

/**
 * The embedding model a new knowledge base gets: the one asked for (an enabled Embeddings model the space may use),
 * else the tenant's default embedding model, else the built-in one.
 */
export async function chooseEmbeddingModel(deps: Deps, tenantId: number, spaceId: number, asked?: number | null) {
  if (asked) {
    const model = await findModel(deps.db, tenantId, asked);
    if (!model || !modelVisibleTo(model, spaceId) || model.type !== "Embeddings" || model.enabled !== 1) {
      throw fail("向量模型不存在或不可用");
    }
    return model;
  }
  const fallback = (await getTenantConfig(deps, tenantId)).defaultEmbedModelId;
  const tenantDefault = fallback ? await findModel(deps.db, tenantId, fallback) : undefined;
  if (tenantDefault && tenantDefault.type === "Embeddings" && tenantDefault.enabled === 1) return tenantDefault;
  const builtin = await findBuiltin(deps, tenantId);
  return builtin ?? (await insertModel(deps.db, { tenantId, ...builtinEmbedding }));
}

export interface KbEmbedder extends Embedder {
  model: ModelRow;
  /** The built-in lexical cosines run lower than a semantic model's: √cos puts a good match above 0.5 too. */
  calibrate?: (cosine: number) => number;
}

export async function embedderOfModel(deps: Deps, tenantId: number, modelId: number): Promise<KbEmbedder> {
  const model = await findModel(deps.db, tenantId, modelId);
  if (!model) throw fail("知识库的向量模型已被删除，请在知识库设置中更换向量模型");
  const embedder = embedderFor(model, deps.config);
  return model.protocol === "Builtin" ? { ...embedder, model, calibrate: Math.sqrt } : { ...embedder, model };
}
