import { fail } from "#server/core";
import { copyName } from "../component/access";
import type { PublishAdapter } from "../publish/adapter";
import { type AgentSnapshot, agentSnapshot, toStatistics } from "./dto";
import * as repo from "./repo";
import { accessAgent, modelForSpace, recordHistory } from "./service";

/** Publishing an agent: its draft and components frozen into a snapshot; a template copy is a new draft. */
export const agentPublishAdapter = {
  async access(deps, actor, agentId, need) {
    return (await accessAgent(deps, actor, agentId, need === "publish" ? "Publish" : undefined)).agent;
  },

  async snapshot(db, agent) {
    return agentSnapshot(agent, await repo.listComponents(db, agent.id));
  },

  async setStatus(db, tenantId, agentId, status, publishDate) {
    const agent = await repo.findAgent(db, tenantId, agentId);
    if (!agent) return;
    // A status change is not an edit: `modified` stays, so the draft does not look newer than its publication.
    await repo.updateAgent(db, agentId, {
      publishStatus: status,
      ...(publishDate ? { publishDate } : {}),
      modified: agent.modified,
    });
  },

  async recordHistory(db, { tenantId, targetId }, actor, kind, text) {
    const agent = await repo.findAgent(db, tenantId, targetId);
    if (agent) await recordHistory(db, agent, actor, kind, text);
  },

  async copy(deps, actor, published, space) {
    const snapshot = published.config as unknown as AgentSnapshot;
    if (!Array.isArray(snapshot.components)) throw fail("发布快照已损坏");
    // The snapshot's model may be a private model of the publisher's space: the copy must not keep using it.
    const model = snapshot.components.find((c) => c.type === "Model");
    const { values: moved, notice } = model
      ? await modelForSpace(deps, { ...model, tenantId: actor.tenantId }, space.id)
      : { values: {}, notice: null };
    return deps.db.transaction(async (tx) => {
      const { components, guidQuestionDtos, ...fields } = snapshot;
      const copy = await repo.insertAgent(tx, {
        ...fields,
        guidQuestions: guidQuestionDtos,
        uid: crypto.randomUUID().replaceAll("-", ""),
        tenantId: actor.tenantId,
        spaceId: space.id,
        creatorId: actor.userId,
        name: copyName(published.name),
        publishStatus: "Developing",
      });
      for (const { id: _id, ...c } of components) {
        const values = c.type === "Model" ? moved : {};
        await repo.insertComponent(tx, { ...c, ...values, tenantId: actor.tenantId, agentId: copy.id });
      }
      await repo.upsertRelation(tx, actor.userId, copy.id, "Edit");
      await recordHistory(tx, copy, actor, "Add", `从广场复制「${published.name}」${notice ? `；${notice}` : ""}`);
      return { id: copy.id, notice };
    });
  },

  async squareFields(deps, actor, agentIds) {
    const { statistics: stats, relations } = actor
      ? await repo.figuresOf(deps.db, actor.userId, agentIds)
      : { statistics: await repo.statisticsOf(deps.db, agentIds), relations: [] };
    return (agentId) => ({
      statistics: toStatistics(
        agentId,
        stats.filter((s) => s.agentId === agentId),
      ),
      collect: relations.some((r) => r.agentId === agentId && r.type === "Collect"),
      liked: relations.some((r) => r.agentId === agentId && r.type === "Like"),
      // The original's square item names it for every kind; only a plugin has one.
      pluginType: null,
    });
  },
} satisfies PublishAdapter<repo.AgentRow>;
