import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok, refused } from "../support/agents";
import { startServer, type TestServer } from "../support/server";

/**
 * Rules the web's forms used to enforce on their own now live in the contract, so the API refuses the same values
 * with the same words (app/lib/forms-contract.test.ts checks that the forms take them from there).
 */
let s: TestServer;
let token: string;
let spaceId: number;
let agentId: number;

beforeAll(async () => {
  s = await startServer();
  token = (await s.newUser()).token;
  spaceId = ok(await s.call("/api/space/add", { token, body: { name: "规则空间" } }));
  agentId = ok(await s.call("/api/agent/add", { token, body: { spaceId, name: "规则助手" } }));
});
afterAll(async () => {
  await s?.close();
});

async function componentId(type: string) {
  const list: { id: number; type: string }[] = ok(await s.call(`/api/agent/component/list/${agentId}`, { token }));
  return list.find((c) => c.type === type)!.id;
}

describe("rules moved into the contract", () => {
  it("a model needs a base URL unless it speaks Ollama: 4000 naming baseUrl, nothing saved", async () => {
    const model = { spaceId, name: "无地址模型", model: "m", apiProtocol: "OpenAI" };
    const before: unknown[] = ok(await s.call("/api/model/list", { token, body: { spaceId } }));
    const res = await s.call("/api/model/save", { token, body: model });
    refused(res, "4000", "baseUrl");
    expect(res.data.fieldErrors.baseUrl).toEqual(["请填写接口地址"]);
    expect(ok(await s.call("/api/model/list", { token, body: { spaceId } }))).toHaveLength(before.length);
    ok(await s.call("/api/model/save", { token, body: { ...model, apiProtocol: "Ollama" } }));
  });

  it("model limits read in Chinese", async () => {
    const body = { spaceId, name: "大模型", model: "m", apiProtocol: "Ollama", maxTokens: 1_000_001, contextSize: 255 };
    const res = await s.call("/api/model/save", { token, body });
    refused(res, "4000");
    expect(res.data.fieldErrors).toEqual({ maxTokens: ["最多 1000000"], contextSize: ["至少为 256"] });
  });

  it("a variable's default value is at most 2000 characters, as the editor's field is", async () => {
    const id = await componentId("Variable");
    const variable = (bindValue: unknown) => ({ name: "topic", dataType: "String", bindValue });
    const update = (bindValue: unknown) =>
      s.call("/api/agent/component/variable/update", {
        token,
        body: { id, bindConfig: { variables: [variable(bindValue)] } },
      });
    const long = await update("长".repeat(2001));
    refused(long, "4000", "bindConfig.variables.0.bindValue");
    expect(long.data.fieldErrors["bindConfig.variables.0.bindValue"]).toEqual(["默认值最多 2000 个字符"]);
    ok(await update("长".repeat(2000)));
    const agent = ok(await s.call(`/api/agent/${agentId}`, { token }));
    const stored = agent.agentComponentConfigList.find((c: { type: string }) => c.type === "Variable");
    expect(stored.bindConfig.variables[0].bindValue).toHaveLength(2000);
  });

  it("an event version past the id column's range is refused, not a database error (a fuzz find)", async () => {
    refused(await s.call("/api/notify/event/clear?version=2147483648", { token, body: {} }), "4000", "version");
    ok(await s.call("/api/notify/event/clear?version=2147483647", { token, body: {} }));
  });

  it("shortcut instructions and the model component's limits name their bounds", async () => {
    const shortcut = await s.call("/api/agent/config/update", {
      token,
      body: { id: agentId, shortcutInstructions: [{ name: "名".repeat(33), content: "内容" }] },
    });
    refused(shortcut, "4000", "shortcutInstructions.0.name");
    expect(shortcut.data.fieldErrors["shortcutInstructions.0.name"]).toEqual(["最多 32 个字符"]);
    const model = await s.call("/api/agent/component/model/update", {
      token,
      body: { id: await componentId("Model"), bindConfig: { maxTokens: 2.5 } },
    });
    refused(model, "4000", "bindConfig.maxTokens");
    expect(model.data.fieldErrors["bindConfig.maxTokens"]).toEqual(["必须是整数"]);
  });
});
