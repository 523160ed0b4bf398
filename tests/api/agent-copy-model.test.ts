import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAI } from "../fixtures/fake-openai";
import { addAgent, componentRows, ok, personalSpace, type Team, team } from "../support/agents";
import { addFakeModel, bindModel } from "../support/chat";
import { rows } from "../support/helpers";
import { publishToSquare } from "../support/publish";
import { startServer, type TestServer } from "../support/server";

/**
 * Issue 8 item 14: an agent copied into another space keeps a model that space can use; a private model of
 * the source space (whose key belongs to that space) is swapped for the tenant default, and the user is told
 * so in the response message and in the copy's history.
 */
let s: TestServer;
let t: Team;
let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
let privateModel: number;
let tenantModel: number;
let defaultModel: { id: number; name: string };

beforeAll(async () => {
  [s, fake] = await Promise.all([startServer(), startFakeOpenAI()]);
  t = await team(s);
  privateModel = await addFakeModel(s, t.member.token, t.spaceId, fake, "fake-text", { name: "团队私有模型" });
  tenantModel = ok<number>(
    await s.call("/api/system/model/save", {
      token: t.sysAdmin,
      body: { name: "公共模型", model: "fake-text", apiProtocol: "OpenAI", baseUrl: fake.url, apiKey: "test-key" },
    }),
  );
  const config = ok(await s.call("/api/tenant/config", { token: t.sysAdmin }));
  const builtin = ok(await s.call(`/api/model/${config.defaultChatModelId}`, { token: t.sysAdmin }));
  defaultModel = { id: builtin.id, name: builtin.name };
});
afterAll(async () => {
  await s.close();
  await fake.close();
});

const modelOf = async (agentId: number) => (await componentRows(s, agentId)).find((c) => c.type === "Model")!;
const historyOf = async (agentId: number) =>
  (
    await rows<{ description: string }>(
      s,
      sql`select description from config_history where target_type = 'Agent' and target_id = ${agentId} order by id`,
    )
  ).map((r) => r.description);

async function publishedAgentOn(modelId: number, name: string) {
  const agentId = await addAgent(s, t.member.token, t.spaceId, { name });
  await bindModel(s, t.member.token, agentId, modelId);
  await publishToSquare(s, t.member.token, t.sysAdmin, agentId, { allowCopy: 1 });
  return agentId;
}

describe("copying a published agent from the square", () => {
  it("swaps a private model of the publisher's space for the default and says so", async () => {
    const agentId = await publishedAgentOn(privateModel, "私有模型助手");
    const target = await personalSpace(s, t.outsider.token);
    const res = await s.call<number>("/api/publish/template/copy", {
      token: t.outsider.token,
      body: { targetType: "Agent", targetId: agentId, targetSpaceId: target },
    });
    const copyId = ok(res);
    const notice = `原模型「团队私有模型」是其他空间的私有模型，已换成默认模型「${defaultModel.name}」`;
    expect(res.message).toBe(`复制成功；${notice}`);
    expect(await modelOf(copyId)).toMatchObject({ target_id: defaultModel.id, name: defaultModel.name });
    expect((await historyOf(copyId)).join(" ")).toContain(notice);
  });

  it("keeps a tenant model, and a space model when copied back into its own space", async () => {
    const onTenant = await publishedAgentOn(tenantModel, "公共模型助手");
    const elsewhere = await personalSpace(s, t.outsider.token);
    const copy = await s.call<number>("/api/publish/template/copy", {
      token: t.outsider.token,
      body: { targetType: "Agent", targetId: onTenant, targetSpaceId: elsewhere },
    });
    expect(copy.message).toBe("复制成功");
    expect((await modelOf(ok(copy))).target_id).toBe(tenantModel);

    const onPrivate = await publishedAgentOn(privateModel, "本空间复制");
    const home = await s.call<number>("/api/publish/template/copy", {
      token: t.other.token,
      body: { targetType: "Agent", targetId: onPrivate, targetSpaceId: t.spaceId },
    });
    expect(home.message).toBe("复制成功");
    expect((await modelOf(ok(home))).target_id).toBe(privateModel);
  });
});

describe("copying an agent to another space", () => {
  it("swaps a private model for the default with a notice; keeps it inside its own space", async () => {
    const agentId = await addAgent(s, t.owner.token, t.spaceId, { name: "跨空间复制" });
    await bindModel(s, t.owner.token, agentId, privateModel);
    const target = await personalSpace(s, t.owner.token);
    const res = await s.call<number>(`/api/agent/copy/${agentId}/${target}`, { token: t.owner.token, body: {} });
    const copyId = ok(res);
    expect(res.message).toContain("原模型「团队私有模型」是其他空间的私有模型，已换成默认模型");
    expect((await modelOf(copyId)).target_id).toBe(defaultModel.id);
    expect((await historyOf(copyId)).join(" ")).toContain("已换成默认模型");

    const same = await s.call<number>(`/api/agent/copy/${agentId}`, { token: t.owner.token, body: {} });
    expect(same.message).toBe("成功");
    expect((await modelOf(ok(same))).target_id).toBe(privateModel);
  });
});
