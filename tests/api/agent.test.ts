import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addAgent,
  agentRow,
  componentRows,
  getAgent,
  historyRows,
  ok,
  refused,
  type Team,
  team,
} from "../support/agents";
import { count } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
let t: Team;
beforeAll(async () => {
  s = await startServer();
  t = await team(s);
});
afterAll(() => s.close());

const defaultModelId = async () => ok(await s.call("/api/tenant/config")).defaultChatModelId as number;

describe("POST /api/agent/add", () => {
  it("creates a Developing agent from a template with its Model and Variable components and an Add history entry", async () => {
    const id = await addAgent(s, t.member.token, t.spaceId, {
      name: "写作小帮手",
      template: "template-2",
      icon: "/i.png",
    });
    const agent = await getAgent(s, t.member.token, id);
    expect(agent).toMatchObject({
      id,
      spaceId: t.spaceId,
      creatorId: t.member.id,
      name: "写作小帮手",
      description: "帮你起草、润色和改写各类文稿",
      icon: "/i.png",
      publishStatus: "Developing",
      openSuggest: "Open",
      creator: { userId: t.member.id, userName: t.member.userName },
    });
    expect(agent.systemPrompt).toContain("{{tone}}");
    expect(agent.openingGuidQuestions).toEqual(["帮我写一封请假邮件", "把这段话改得更正式一些"]);
    expect(agent.uid).toMatch(/^[0-9a-f]{32}$/);
    const model = agent.modelComponentConfig;
    expect(model).toMatchObject({ type: "Model", targetId: await defaultModelId(), agentId: id, spaceId: t.spaceId });
    expect(model.bindConfig).toMatchObject({ mode: "Balanced", temperature: 1, topP: 0.7, contextRounds: 3 });
    expect(model.bindConfig.maxTokens).toBe(2048);
    const types = agent.agentComponentConfigList.map((c: { type: string }) => c.type).sort();
    expect(types).toEqual(["Model", "Variable"]);
    const variable = agent.agentComponentConfigList.find((c: { type: string }) => c.type === "Variable");
    expect(variable.bindConfig.variables.map((v: { name: string }) => v.name)).toEqual(["tone"]);
    const history = ok(await s.call(`/api/agent/config/history/list/${id}`, { token: t.member.token }));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      type: "Add",
      targetType: "Agent",
      targetId: id,
      opUser: { userId: t.member.id },
    });
  });

  it("without a template creates a blank agent; a 64-character name is accepted", async () => {
    const name = "名".repeat(64);
    const id = await addAgent(s, t.owner.token, t.spaceId, { name, description: "  说明  " });
    const agent = await getAgent(s, t.owner.token, id);
    expect(agent).toMatchObject({
      name,
      description: "说明",
      systemPrompt: "",
      openingChatMsg: "",
      openSuggest: "Close",
    });
    expect(agent.guidQuestionDtos).toEqual([]);
    expect(agent.agentComponentConfigList.find((c: any) => c.type === "Variable").bindConfig.variables).toEqual([]);
  });

  it("refuses bad input with 4000 naming the field and writes nothing", async () => {
    const before = { agents: await count(s, "agent"), components: await count(s, "agent_component") };
    const cases: [Record<string, unknown>, string][] = [
      [{ spaceId: t.spaceId }, "name"],
      [{ spaceId: t.spaceId, name: "   " }, "name"],
      [{ spaceId: t.spaceId, name: "x".repeat(65) }, "name"],
      [{ spaceId: t.spaceId, name: 42 }, "name"],
      [{ spaceId: t.spaceId, name: "ok", description: "长".repeat(501) }, "description"],
      [{ spaceId: t.spaceId, name: "ok", template: "template-9" }, "template"],
      [{ spaceId: "abc", name: "ok" }, "spaceId"],
      [{ name: "ok" }, "spaceId"],
    ];
    for (const [body, field] of cases)
      refused(await s.call("/api/agent/add", { token: t.member.token, body }), "4000", field);
    expect(await count(s, "agent")).toBe(before.agents);
    expect(await count(s, "agent_component")).toBe(before.components);
  });

  it("needs a token, membership of the space, and (when development is closed) a manager role", async () => {
    const before = await count(s, "agent");
    refused(await s.call("/api/agent/add", { body: { spaceId: t.spaceId, name: "x" } }), "4010");
    refused(
      await s.call("/api/agent/add", { token: t.outsider.token, body: { spaceId: t.spaceId, name: "x" } }),
      "4040",
    );
    refused(await s.call("/api/agent/add", { token: t.member.token, body: { spaceId: 999999, name: "x" } }), "4040");
    expect(await count(s, "agent")).toBe(before);

    const closed = ok<number>(await s.call("/api/space/add", { token: t.owner.token, body: { name: "只读空间" } }));
    ok(await s.call("/api/space/user/add", { token: t.owner.token, body: [{ spaceId: closed, userId: t.member.id }] }));
    ok(await s.call("/api/space/update", { token: t.owner.token, body: { id: closed, allowDevelop: 0 } }));
    refused(await s.call("/api/agent/add", { token: t.member.token, body: { spaceId: closed, name: "x" } }), "4030");
    expect(await count(s, "agent")).toBe(before);
    await addAgent(s, t.owner.token, closed);
  });
});

describe("GET /api/agent/{id}", () => {
  it("hides the agent from outsiders and unknown ids (4040), refuses bad ids (4000) and anonymous callers (4010)", async () => {
    const id = await addAgent(s, t.member.token, t.spaceId, { name: "机密助手" });
    const res = await s.call(`/api/agent/${id}`, { token: t.outsider.token });
    refused(res, "4040");
    expect(JSON.stringify(res)).not.toContain("机密助手");
    refused(await s.call("/api/agent/999999", { token: t.member.token }), "4040");
    refused(await s.call("/api/agent/abc", { token: t.member.token }), "4000", "agentId");
    refused(await s.call("/api/agent/0", { token: t.member.token }), "4000", "agentId");
    refused(await s.call(`/api/agent/${id}`), "4010");
    expect(await getAgent(s, t.sysAdmin, id)).toMatchObject({ id, name: "机密助手" });
  });

  it("answers 4050 for the POST-only paths called with GET, and for GET-only paths called with POST", async () => {
    refused(await s.call("/api/agent/add", { token: t.member.token }), "4050");
    refused(await s.call("/api/agent/page", { token: t.member.token }), "4050");
    refused(await s.call("/api/agent/config/update", { token: t.member.token }), "4050");
    refused(await s.call("/api/agent/1", { token: t.member.token, body: {} }), "4050");
    refused(await s.call("/api/agent/card/list", { token: t.member.token, body: {} }), "4050");
  });
});

describe("POST /api/agent/config/update", () => {
  it("saves every field and the GET shows them", async () => {
    const id = await addAgent(s, t.member.token, t.spaceId);
    const update = {
      id,
      name: "新名字",
      description: "新的描述",
      icon: "/n.png",
      systemPrompt: "你是{{company}}的助手",
      userPrompt: "用户说：{{AGENT_USER_MSG}}",
      openingChatMsg: "欢迎！",
      guidQuestionDtos: [
        { type: "Question", info: "今天天气如何？" },
        { type: "Link", info: "帮助中心", url: "https://example.com/help" },
      ],
      openSuggest: "Open",
      suggestPrompt: "给出三个追问",
      openLongMemory: "Open",
      openScheduledTask: "Open",
      openFileBox: "Open",
      shortcutInstructions: [{ name: "总结", content: "请总结以上内容" }],
    };
    ok(await s.call("/api/agent/config/update", { token: t.member.token, body: update }));
    const { id: _id, ...fields } = update;
    const agent = await getAgent(s, t.member.token, id);
    expect(agent).toMatchObject(fields);
    expect(agent.openingGuidQuestions).toEqual(["今天天气如何？"]);

    // A partial update touches only what it names; the deprecated string list still works.
    ok(
      await s.call("/api/agent/config/update", {
        token: t.member.token,
        body: { id, openSuggest: "Close", openingGuidQuestions: ["你好"] },
      }),
    );
    const after = await getAgent(s, t.member.token, id);
    expect(after).toMatchObject({
      ...fields,
      openSuggest: "Close",
      guidQuestionDtos: [{ type: "Question", info: "你好" }],
    });
  });

  it("refuses a bad value with 4000 naming the field and changes nothing", async () => {
    const id = await addAgent(s, t.member.token, t.spaceId);
    const before = await agentRow(s, id);
    const historyBefore = (await historyRows(s, id)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ openSuggest: "Yes" }, "openSuggest"],
      [{ openLongMemory: "On" }, "openLongMemory"],
      [{ openScheduledTask: 1 }, "openScheduledTask"],
      [{ openFileBox: "open" }, "openFileBox"],
      [{ name: "" }, "name"],
      [{ name: "x".repeat(65) }, "name"],
      [{ description: "x".repeat(501) }, "description"],
      [{ systemPrompt: "x".repeat(20_001) }, "systemPrompt"],
      [{ guidQuestionDtos: [{ type: "Bogus", info: "q" }] }, "guidQuestionDtos.0.type"],
      [{ guidQuestionDtos: [{ type: "Link", info: "q", url: "not a url" }] }, "guidQuestionDtos.0.url"],
      [{ guidQuestionDtos: Array.from({ length: 11 }, (_, i) => ({ info: `q${i}` })) }, "guidQuestionDtos"],
      [{ openingGuidQuestions: "hello" }, "openingGuidQuestions"],
      [{ shortcutInstructions: [{ name: "", content: "x" }] }, "shortcutInstructions.0.name"],
      [{ systemPrompt: "ok", openSuggest: "Maybe" }, "openSuggest"],
    ];
    for (const [body, field] of cases) {
      refused(
        await s.call("/api/agent/config/update", { token: t.member.token, body: { id, ...body } }),
        "4000",
        field,
      );
    }
    refused(await s.call("/api/agent/config/update", { token: t.member.token, body: { name: "x" } }), "4000", "id");
    expect(await agentRow(s, id)).toEqual(before);
    expect(await historyRows(s, id)).toHaveLength(historyBefore);
  });

  it("refuses anonymous callers, outsiders and unknown agents without changing anything", async () => {
    const id = await addAgent(s, t.member.token, t.spaceId);
    const before = await agentRow(s, id);
    refused(await s.call("/api/agent/config/update", { body: { id, name: "黑客" } }), "4010");
    refused(await s.call("/api/agent/config/update", { token: t.outsider.token, body: { id, name: "黑客" } }), "4040");
    refused(
      await s.call("/api/agent/config/update", { token: t.member.token, body: { id: 999999, name: "x" } }),
      "4040",
    );
    expect(await agentRow(s, id)).toEqual(before);
  });
});

describe("GET /api/agent/config/history/list/{id}", () => {
  it("logs each action kind with who did it, newest first, each with a snapshot of that moment", async () => {
    const id = await addAgent(s, t.member.token, t.spaceId);
    ok(await s.call("/api/agent/config/update", { token: t.admin.token, body: { id, systemPrompt: "版本二" } }));
    const model = (await componentRows(s, id)).find((c) => c.type === "Model")!;
    ok(
      await s.call("/api/agent/component/model/update", {
        token: t.owner.token,
        body: { id: model.id, bindConfig: { temperature: 0.3 } },
      }),
    );
    const other = ok<number>(await s.call("/api/space/add", { token: t.member.token, body: { name: "目标空间" } }));
    ok(await s.call(`/api/agent/transfer/${id}/space/${other}`, { token: t.member.token, body: {} }));
    const list = ok(await s.call(`/api/agent/config/history/list/${id}`, { token: t.member.token }));
    expect(list.map((h: any) => [h.type, h.opUser.userId])).toEqual([
      ["Edit", t.member.id],
      ["EditComponent", t.owner.id],
      ["Edit", t.admin.id],
      ["Add", t.member.id],
    ]);
    expect(list[0].description).toContain("目标空间");
    expect(list[1].description).toContain("模型");
    expect(list[2].config.systemPrompt).toBe("版本二");
    expect(list[3].config.systemPrompt).toBe("");
    expect(list[1].config.components.find((c: any) => c.type === "Model").bindConfig.temperature).toBe(0.3);
    expect(Date.parse(list[0].created)).toBeGreaterThanOrEqual(Date.parse(list[3].created));
    expect(list[0].opUser).toMatchObject({ userName: t.member.userName });
  });

  it("folds one person's run of autosaved edits into one entry holding the latest snapshot", async () => {
    const id = await addAgent(s, t.member.token, t.spaceId);
    for (const prompt of ["草稿一", "草稿二", "草稿三"]) {
      ok(await s.call("/api/agent/config/update", { token: t.member.token, body: { id, systemPrompt: prompt } }));
    }
    ok(await s.call("/api/agent/config/update", { token: t.admin.token, body: { id, systemPrompt: "别人改的" } }));
    const list = ok(await s.call(`/api/agent/config/history/list/${id}`, { token: t.member.token }));
    expect(list.map((h: any) => [h.type, h.opUser.userId])).toEqual([
      ["Edit", t.admin.id],
      ["Edit", t.member.id],
      ["Add", t.member.id],
    ]);
    expect(list[1].config.systemPrompt).toBe("草稿三");
  });

  it("answers 4040 to outsiders, 4010 without a token and 4000 for a bad id", async () => {
    const id = await addAgent(s, t.member.token, t.spaceId);
    refused(await s.call(`/api/agent/config/history/list/${id}`, { token: t.outsider.token }), "4040");
    refused(await s.call(`/api/agent/config/history/list/${id}`), "4010");
    refused(await s.call("/api/agent/config/history/list/x1", { token: t.member.token }), "4000", "agentId");
  });
});

describe("GET /api/agent/card/list", () => {
  it("lists the four built-in card styles with their placeholders", async () => {
    const cards = ok(await s.call("/api/agent/card/list", { token: t.member.token }));
    expect(cards.map((c: any) => c.cardKey)).toEqual(["template-1", "template-2", "template-3", "template-4"]);
    for (const card of cards) {
      expect(card).toMatchObject({ id: expect.any(Number), name: expect.any(String), imageUrl: expect.any(String) });
      expect(card.argList.length).toBeGreaterThan(0);
      expect(card.argList[0]).toEqual({ key: expect.any(String), placeholder: expect.any(String) });
    }
    refused(await s.call("/api/agent/card/list"), "4010");
  });
});

describe("GET /api/agent/variable/list/{id}", () => {
  it("lists the read-only system variables first, then the agent's own", async () => {
    const id = await addAgent(s, t.member.token, t.spaceId, { template: "template-3" });
    const list = ok<any[]>(await s.call(`/api/agent/variable/list/${id}`, { token: t.other.token }));
    const system = list.filter((v) => v.systemVariable);
    expect(list.slice(0, system.length)).toEqual(system);
    for (const name of ["SYS_USER_ID", "USER_NAME", "AGENT_ID", "CONVERSATION_ID", "REQUEST_ID", "CURRENT_TIME"]) {
      expect(system.map((v) => v.name)).toContain(name);
    }
    expect(list.slice(system.length)).toEqual([
      expect.objectContaining({ name: "company", systemVariable: false, require: true, bindValue: "我们公司" }),
    ]);
    refused(await s.call(`/api/agent/variable/list/${id}`, { token: t.outsider.token }), "4040");
    refused(await s.call(`/api/agent/variable/list/${id}`), "4010");
  });
});
