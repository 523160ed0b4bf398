import type {
  AddKnowledgeInput,
  KnowledgeInfo,
  knowledgeListInput,
  UpdateKnowledgeInput,
} from "#contract/api/knowledge";
import { iconOr } from "#contract/icons";
import { pageOf, pageWindow } from "#contract/page";
import type { z } from "#contract/zod";
import type { Actor, Deps } from "#server/core";
import { fail, notFound } from "#server/core";
import { accessComponent } from "../component/access";
import { findModel } from "../model";
import { accessSpace } from "../space/service";
import { cancelJobs, ingestQueue } from "./ingest";
import { chooseEmbeddingModel } from "./models";
import * as repo from "./repo";
import { findWorkflowSummary } from "./workflow-link";

const LABEL = "知识库";

/**
 * The caller's access to a knowledge base, as for agents: members read and search; writing needs a space open to
 * development (or its Admin/Owner); deleting needs the creator or a space Admin/Owner. Outsiders get 4040.
 */
export async function accessKb(deps: Deps, actor: Actor, kbId: number, need?: "Edit" | "Delete") {
  const kb = await repo.findKb(deps.db, actor.tenantId, kbId);
  if (!kb) throw notFound(`${LABEL}不存在`);
  const access = await accessComponent(deps, actor, kb, LABEL, need);
  return { kb, ...access };
}

export async function addKnowledge(deps: Deps, actor: Actor, input: AddKnowledgeInput) {
  await accessComponent(deps, actor, { spaceId: input.spaceId, creatorId: actor.userId }, LABEL, "Edit");
  const model = await chooseEmbeddingModel(deps, actor.tenantId, input.spaceId, input.embeddingModelId);
  if (input.workflowId) await findWorkflowSummary(deps, actor.tenantId, input.spaceId, input.workflowId, true);
  const kb = await repo.insertKb(deps.db, {
    tenantId: actor.tenantId,
    spaceId: input.spaceId,
    creatorId: actor.userId,
    modifiedId: actor.userId,
    name: input.name,
    description: input.description,
    icon: input.icon,
    dataType: input.dataType,
    embeddingModelId: model.id,
    workflowId: input.workflowId ?? null,
  });
  return kb.id;
}

/** Renames and re-describes; a new embedding model re-embeds every document and QA pair as background jobs. */
export async function updateKnowledge(deps: Deps, actor: Actor, input: UpdateKnowledgeInput) {
  const { kb } = await accessKb(deps, actor, input.id, "Edit");
  if (input.spaceId && input.spaceId !== kb.spaceId) throw fail("不能把知识库移到其他空间");
  const changes: Partial<repo.KbRow> = { modifiedId: actor.userId };
  if (input.name !== undefined) changes.name = input.name;
  if (input.description !== undefined) changes.description = input.description;
  if (input.icon !== undefined) changes.icon = input.icon;
  if (input.workflowId !== undefined) {
    if (input.workflowId) await findWorkflowSummary(deps, actor.tenantId, kb.spaceId, input.workflowId, true);
    changes.workflowId = input.workflowId;
  }
  const newModel =
    input.embeddingModelId && input.embeddingModelId !== kb.embeddingModelId
      ? await chooseEmbeddingModel(deps, actor.tenantId, kb.spaceId, input.embeddingModelId)
      : null;
  if (newModel) changes.embeddingModelId = newModel.id;
  await repo.updateKb(deps.db, kb.id, changes);
  if (newModel) await reembed(deps, kb.id);
}

/** Documents show their embedding stage at once; a job drops the old vectors and embeds everything again. */
async function reembed(deps: Deps, kbId: number) {
  for (const doc of await repo.docsOfKb(deps.db, kbId)) {
    if (doc.statusCode === 10) continue;
    const segmented = doc.segmentCount > 0;
    await repo.updateDoc(deps.db, doc.id, {
      statusCode: segmented ? 5 : 1,
      progress: segmented ? 30 : 0,
      hasEmbedding: false,
    });
  }
  await ingestQueue.send(deps, { kbId, reembed: true });
}

export async function deleteKnowledge(deps: Deps, actor: Actor, kbId: number) {
  const { kb } = await accessKb(deps, actor, kbId, "Delete");
  // Segments, vectors and QA pairs go with it (foreign keys); queued jobs are dropped, a running one finds nothing.
  await repo.deleteKb(deps.db, kb.id);
  await cancelJobs(deps, { kbId: kb.id });
}

export async function getKnowledge(deps: Deps, actor: Actor, kbId: number) {
  const { kb, permissions, develops } = await accessKb(deps, actor, kbId);
  const [info] = await toInfos(deps, [kb], () => ({ permissions, develops }));
  return info as KnowledgeInfo;
}

export async function listKnowledge(deps: Deps, actor: Actor, input: z.infer<typeof knowledgeListInput>) {
  const { spaceId, name } = input.queryFilter;
  await accessSpace(deps, actor, spaceId);
  const { limit, offset } = pageWindow(input.current, input.pageSize);
  const { rows, total } = await repo.listKbs(deps.db, spaceId, name, limit, offset);
  const records = await Promise.all(
    rows.map(async (kb) => {
      const { permissions, develops } = await accessComponent(deps, actor, kb, LABEL);
      return (await toInfos(deps, [kb], () => ({ permissions, develops })))[0] as KnowledgeInfo;
    }),
  );
  return pageOf(records, total, input.pageSize, input.current);
}

type Access = { permissions: string[]; develops: boolean };

async function toInfos(deps: Deps, kbs: repo.KbRow[], accessOf: (kb: repo.KbRow) => Access) {
  const stats = await repo.kbStats(
    deps.db,
    kbs.map((k) => k.id),
  );
  const names = await repo.userNames(
    deps.db,
    kbs.flatMap((k) => [k.creatorId, k.modifiedId]),
  );
  return Promise.all(
    kbs.map(async (kb): Promise<KnowledgeInfo> => {
      const model = await findModel(deps.db, kb.tenantId, kb.embeddingModelId);
      const workflow = kb.workflowId
        ? await findWorkflowSummary(deps, kb.tenantId, kb.spaceId, kb.workflowId, false)
        : null;
      const { permissions, develops } = accessOf(kb);
      const s = stats.get(kb.id) ?? { docCount: 0, fileSize: 0, segmentCount: 0, qaCount: 0 };
      return {
        id: kb.id,
        spaceId: kb.spaceId,
        name: kb.name,
        description: kb.description,
        dataType: kb.dataType,
        icon: iconOr("Knowledge", kb.icon),
        embeddingModelId: kb.embeddingModelId,
        embeddingModelName: model?.name ?? "（已删除的模型）",
        chatModelId: null,
        workflowId: kb.workflowId,
        workflowName: workflow?.name ?? null,
        workflowIcon: workflow?.icon ?? null,
        workflowDescription: workflow?.description ?? null,
        ...s,
        pubStatus: "Published",
        permissions: [
          ...(develops ? (["Edit"] as const) : []),
          ...(permissions.includes("Delete") ? (["Delete"] as const) : []),
        ],
        created: kb.created.toISOString(),
        creatorId: kb.creatorId,
        creatorName: names.get(kb.creatorId) ?? "",
        modified: kb.modified.toISOString(),
        modifiedId: kb.modifiedId,
        modifiedName: names.get(kb.modifiedId) ?? "",
      };
    }),
  );
}
