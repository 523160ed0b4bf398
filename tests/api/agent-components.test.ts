import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertComponent } from "#server/modules/agent/repo";
import { insertModel } from "#server/modules/model/repo";
import {
  addAgent,
  componentRows,
  components,
  historyRows,
  ok,
  personalSpace,
  refused,
  type Team,
  team,
} from "../support/agents";
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
let t: Team;
beforeAll(async () => {
  s = await startServer();
  t = await team(s);
});
afterAll(() => s.close());

const add = (token: string | undefined, body: Record<string, unknown>) =>
  s.call("/api/agent/component/add", { token, body });
const update = (kind: string, token: string | undefined, body: Record<string, unknown>) =>
  s.call(`/api/agent/component/${kind}/update`, { token, body });
const modelOf = async (agentId: number) => (await componentRows(s, agentId)).find((c) => c.type === "Model")!;
const variableOf = async (agentId: number) => (await componentRows(s, agentId)).find((c) => c.type === "Variable")!;

/** What a refused call must leave as it was: the components and the history. */
async function snapshot(agentId: number) {
  return { components: await componentRows(s, agentId), history: (await historyRows(s, agentId)).length };
}

describe("GET /api/agent/component/list/{agentId}", () => {
  it("lists the auto-created Model and Variable components for members; 4040 outsiders, 4010 anonymous", async () => {
    const id = await addAgent(s, t.member.token, t.spaceId);
    const list = await components(s, t.other.token, id);
    expect(list.map((c) => c.type)).toEqual(["Model", "Variable"]);
    expect(list[0]).toMatchObject({ agentId: id, spaceId: t.spaceId, exceptionOut: 0, fallbackMsg: "" });
    expect(list[0].targetId).toBeGreaterThan(0);
    expect(list[1]).toMatchObject({ targetId: -1, bindConfig: { variables: [] } });
    refused(await s.call(`/api/agent/component/list/${id}`, { token: t.outsider.token }), "4040");
    refused(await s.call(`/api/agent/component/list/${id}`), "4010");
    refused(await s.call("/api/agent/component/list/abc", { token: t.member.token }), "4000", "agentId");
    refused(await s.call("/api/agent/component/list/999999", { token: t.member.token }), "4040");
  });
});

describe("POST /api/agent/component/add", () => {
  it("refuses a second Model or Variable component, and bindings whose target cannot exist yet, writing nothing", async () => {
    const id = await addAgent(s, t.member.token, t.spaceId);
    const before = await snapshot(id);
    const model = await add(t.member.token, { agentId: id, type: "Model", targetId: (await modelOf(id)).target_id });
    refused(model, "0001");
    expect(model.message).toContain("模型");
    refused(await add(t.member.token, { agentId: id, type: "Variable" }), "0001");
    const labels = { Plugin: "插件", Workflow: "工作流", Knowledge: "知识库", Table: "数据表", Agent: "智能体" };
    for (const [type, label] of Object.entries(labels)) {
      for (const targetId of [1, 999999, undefined]) {
        const res = await add(t.member.token, { agentId: id, type, targetId });
        refused(res, "0001");
        expect(res.message).toBe(`${label}不存在或在当前空间不可用`);
      }
    }
    const trigger = {
      name: "每日提醒",
      triggerType: "TIME",
      cronExpression: "0 9 * * *",
      componentType: "WORKFLOW",
      componentId: 1,
    };
    const res = await add(t.member.token, { agentId: id, type: "Trigger", bindConfig: trigger });
    refused(res, "0001");
    expect(res.message).toContain("工作流不存在");
    const plugin = await add(t.member.token, {
      agentId: id,
      type: "Trigger",
      bindConfig: { ...trigger, triggerType: "EVENT", componentType: "PLUGIN" },
    });
    expect(plugin.message).toContain("插件不存在");
    expect(await snapshot(id)).toEqual(before);
  });

  it("refuses bad input with 4000 naming the field, before looking for the target", async () => {
    const id = await addAgent(s, t.member.token, t.spaceId);
    const before = await snapshot(id);
    const trigger = { name: "t", triggerType: "TIME", componentType: "PLUGIN", componentId: 1 };
    const cases: [Record<string, unknown>, string][] = [
      [{ agentId: id, type: "Database", targetId: 1 }, "type"],
      [{ agentId: id, targetId: 1 }, "type"],
      [{ type: "Plugin", targetId: 1 }, "agentId"],
      [{ agentId: "x", type: "Plugin", targetId: 1 }, "agentId"],
      [{ agentId: id, type: "Plugin", targetId: "abc" }, "targetId"],
      [{ agentId: id, type: "Plugin", targetId: 1, bindConfig: { invokeType: "SOMETIMES" } }, "bindConfig.invokeType"],
      [{ agentId: id, type: "Workflow", targetId: 1, bindConfig: { directOutput: 2 } }, "bindConfig.directOutput"],
      [
        { agentId: id, type: "Knowledge", targetId: 1, bindConfig: { maxRecallCount: 11 } },
        "bindConfig.maxRecallCount",
      ],
      [{ agentId: id, type: "Knowledge", targetId: 1, bindConfig: { matchingDegree: 1 } }, "bindConfig.matchingDegree"],
      [
        { agentId: id, type: "Knowledge", targetId: 1, bindConfig: { searchStrategy: "FUZZY" } },
        "bindConfig.searchStrategy",
      ],
      [
        {
          agentId: id,
          type: "Plugin",
          targetId: 1,
          bindConfig: { inputArgBindConfigs: [{ name: "a", dataType: "Float" }] },
        },
        "bindConfig.inputArgBindConfigs.0.dataType",
      ],
      [
        { agentId: id, type: "Plugin", targetId: 1, bindConfig: { cardBindConfig: { cardKey: "template-7" } } },
        "bindConfig.cardBindConfig.cardKey",
      ],
      [{ agentId: id, type: "Trigger", bindConfig: { ...trigger, triggerType: "HOURLY" } }, "bindConfig.triggerType"],
      [{ agentId: id, type: "Trigger", bindConfig: trigger }, "bindConfig.cronExpression"],
      [
        { agentId: id, type: "Trigger", bindConfig: { ...trigger, cronExpression: "every day" } },
        "bindConfig.cronExpression",
      ],
      [
        { agentId: id, type: "Trigger", bindConfig: { ...trigger, componentType: "AGENT" } },
        "bindConfig.componentType",
      ],
    ];
    for (const [body, field] of cases) refused(await add(t.member.token, body), "4000", field);
    // Argument trees nest (Object, Array_Object) but not without bound: a hostile depth is bad input, not a crash.
    const nest = (depth: number) => {
      let arg: Record<string, unknown> = { name: "leaf", dataType: "String" };
      for (let i = 0; i < depth; i++) arg = { name: `n${i}`, dataType: "Object", subArgs: [arg] };
      return { agentId: id, type: "Plugin", targetId: 1, bindConfig: { inputArgBindConfigs: [arg] } };
    };
    refused(await add(t.member.token, nest(2000)), "4000", "bindConfig");
    refused(await add(t.member.token, nest(5)), "0001");
    expect(await snapshot(id)).toEqual(before);
  });

  it("refuses anonymous callers (4010), outsiders and unknown agents (4040)", async () => {
    const id = await addAgent(s, t.member.token, t.spaceId);
    const before = await snapshot(id);
    refused(await add(undefined, { agentId: id, type: "Plugin", targetId: 1 }), "4010");
    refused(await add(t.outsider.token, { agentId: id, type: "Plugin", targetId: 1 }), "4040");
    refused(await add(t.member.token, { agentId: 999999, type: "Plugin", targetId: 1 }), "4040");
    expect(await snapshot(id)).toEqual(before);
  });
});

describe("POST /api/agent/component/model/update", () => {
  it("changes mode and parameters, keeps what is not sent, and logs EditComponent", async () => {
    const id = await addAgent(s, t.member.token, t.spaceId);
    const model = await modelOf(id);
    const settings = { mode: "Precision", temperature: 0.1, topP: 0.5, maxTokens: 1000, contextRounds: 10 };
    ok(await update("model", t.other.token, { id: model.id, bindConfig: settings }));
    ok(await update("model", t.other.token, { id: model.id, bindConfig: { contextRounds: 0 } }));
    const [saved] = await components(s, t.member.token, id);
    expect(saved.bindConfig).toMatchObject({ ...settings, contextRounds: 0, reasoningModelId: null });
    const history = ok(await s.call(`/api/agent/config/history/list/${id}`, { token: t.member.token }));
    expect(history[0]).toMatchObject({ type: "EditComponent", opUser: { userId: t.other.id } });
    expect(history[0].description).toContain(model.name);
  });

  it("refuses out-of-range parameters with 4000 naming the field, changing nothing", async () => {
    const id = await addAgent(s, t.member.token, t.spaceId);
    const model = await modelOf(id);
    const before = await snapshot(id);
    const cases: [Record<string, unknown>, string][] = [
      [{ mode: "Wild" }, "bindConfig.mode"],
      [{ temperature: -0.1 }, "bindConfig.temperature"],
      [{ temperature: 2.1 }, "bindConfig.temperature"],
      [{ temperature: "hot" }, "bindConfig.temperature"],
      [{ topP: 1.5 }, "bindConfig.topP"],
      [{ maxTokens: 0 }, "bindConfig.maxTokens"],
      [{ maxTokens: 10.5 }, "bindConfig.maxTokens"],
      [{ contextRounds: -1 }, "bindConfig.contextRounds"],
      [{ contextRounds: 101 }, "bindConfig.contextRounds"],
    ];
    for (const [bindConfig, field] of cases) {
      refused(await update("model", t.member.token, { id: model.id, bindConfig }), "4000", field);
    }
    refused(await update("model", t.member.token, { id: model.id }), "4000", "bindConfig");
    refused(await update("model", t.member.token, { bindConfig: {} }), "4000", "id");
    refused(await update("model", t.member.token, { id: model.id, targetId: 0, bindConfig: {} }), "4000", "targetId");
    refused(
      await update("model", t.member.token, { id: model.id, exceptionOut: 2, bindConfig: {} }),
      "4000",
      "exceptionOut",
    );
    expect(await snapshot(id)).toEqual(before);
  });

  it("switches to another usable chat model, and refuses models that do not exist or the space cannot use", async () => {
    const id = await addAgent(s, t.member.token, t.spaceId);
    const model = await modelOf(id);
    const base = { tenantId: 1, model: "m", protocol: "OpenAI" as const, isReasonModel: 0 };
    const own = await insertModel(s.deps.db, { ...base, name: "团队模型", scope: "Space", spaceId: t.spaceId });
    const foreign = await insertModel(s.deps.db, {
      ...base,
      name: "别人的模型",
      scope: "Space",
      spaceId: await personalSpace(s, t.outsider.token),
    });
    const embed = await insertModel(s.deps.db, { ...base, name: "向量模型", type: "Embeddings" });
    const off = await insertModel(s.deps.db, { ...base, name: "停用模型", enabled: 0 });
    const before = await snapshot(id);
    for (const targetId of [999999, foreign.id, embed.id, off.id]) {
      const res = await update("model", t.member.token, { id: model.id, targetId, bindConfig: {} });
      refused(res, "0001");
      expect(res.message).toContain("模型不存在");
    }
    // A reasoning model must exist, be usable here and be flagged as one.
    for (const reasoningModelId of [999999, foreign.id, own.id]) {
      refused(await update("model", t.member.token, { id: model.id, bindConfig: { reasoningModelId } }), "0001");
    }
    expect(await snapshot(id)).toEqual(before);

    ok(await update("model", t.member.token, { id: model.id, targetId: own.id, bindConfig: { temperature: 0.5 } }));
    const [saved] = await components(s, t.member.token, id);
    expect(saved).toMatchObject({ targetId: own.id, name: "团队模型", bindConfig: { temperature: 0.5 } });
    ok(await update("model", t.member.token, { id: model.id, bindConfig: { reasoningModelId: model.target_id } }));
    expect((await components(s, t.member.token, id))[0].bindConfig.reasoningModelId).toBe(model.target_id);
  });

  it("refuses a component of another type posted to the model endpoint, outsiders and anonymous callers", async () => {
    const id = await addAgent(s, t.member.token, t.spaceId);
    const variable = await variableOf(id);
    const model = await modelOf(id);
    const before = await snapshot(id);
    const mismatch = await update("model", t.member.token, { id: variable.id, bindConfig: { temperature: 0.2 } });
    refused(mismatch, "0001");
    expect(mismatch.message).toContain("组件类型");
    refused(await update("variable", t.member.token, { id: model.id, bindConfig: { variables: [] } }), "0001");
    refused(await update("knowledge", t.member.token, { id: model.id, bindConfig: {} }), "0001");
    refused(await update("model", t.outsider.token, { id: model.id, bindConfig: { temperature: 0.2 } }), "4040");
    refused(await update("model", undefined, { id: model.id, bindConfig: { temperature: 0.2 } }), "4010");
    refused(await update("model", t.member.token, { id: 999999, bindConfig: {} }), "4040");
    expect(await snapshot(id)).toEqual(before);
  });
});

describe("POST /api/agent/component/delete/{id}", () => {
  it("never deletes the Model or Variable component", async () => {
    const id = await addAgent(s, t.member.token, t.spaceId);
    const before = await snapshot(id);
    for (const c of before.components) {
      refused(await s.call(`/api/agent/component/delete/${c.id}`, { token: t.owner.token, body: {} }), "0001");
    }
    expect(await snapshot(id)).toEqual(before);
  });

  it("deletes another binding for any member and logs DeleteComponent; refuses outsiders and anonymous callers", async () => {
    const id = await addAgent(s, t.member.token, t.spaceId);
    // Plugins cannot be bound through the API yet: plant a binding as the plugin issue will create it.
    const plugin = await insertComponent(s.deps.db, {
      tenantId: 1,
      agentId: id,
      type: "Plugin",
      targetId: 42,
      name: "天气查询",
      bindConfig: { invokeType: "ON_DEMAND" },
    });
    refused(await s.call(`/api/agent/component/delete/${plugin.id}`, { token: t.outsider.token, body: {} }), "4040");
    refused(await s.call(`/api/agent/component/delete/${plugin.id}`, { body: {} }), "4010");
    refused(await s.call("/api/agent/component/delete/abc", { token: t.other.token, body: {} }), "4000", "id");
    expect((await components(s, t.member.token, id)).map((c) => c.id)).toContain(plugin.id);

    ok(await s.call(`/api/agent/component/delete/${plugin.id}`, { token: t.other.token, body: {} }));
    expect((await components(s, t.member.token, id)).map((c) => c.type)).toEqual(["Model", "Variable"]);
    const history = ok(await s.call(`/api/agent/config/history/list/${id}`, { token: t.member.token }));
    expect(history[0]).toMatchObject({ type: "DeleteComponent", opUser: { userId: t.other.id } });
    expect(history[0].description).toContain("天气查询");
    refused(await s.call(`/api/agent/component/delete/${plugin.id}`, { token: t.other.token, body: {} }), "4040");
  });
});
