import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultIcon } from "#contract/icons";
import { ok, type Team, team } from "../support/agents";
import { startServer, type TestServer } from "../support/server";

/** The original web client's ModelConfigInfo (reference/original-frontend.md §1.16): it reads `creator.nickName`. */
let s: TestServer;
let t: Team;
beforeAll(async () => {
  s = await startServer();
  t = await team(s);
});
afterAll(async () => {
  await s?.close();
});

const fields = { networkType: "Internet", strategy: "RoundRobin" };

describe("model lists (original client)", () => {
  it("name who added each space model, with network type and strategy", async () => {
    const body = {
      spaceId: t.spaceId,
      name: "团队模型",
      model: "m1",
      apiProtocol: "OpenAI",
      baseUrl: "http://127.0.0.1:9/v1",
    };
    const id = ok<number>(
      await s.call("/api/model/save", { token: t.member.token, body: { ...body, apiKey: "sk-1" } }),
    );
    const list = ok<any[]>(await s.call("/api/model/list", { token: t.other.token, body: { spaceId: t.spaceId } }));
    const row = list.find((m) => m.id === id);
    expect(row).toMatchObject({
      ...fields,
      creator: { id: t.member.id, userName: t.member.userName, avatar: defaultIcon("User") },
    });
    expect(row.creator.nickName).toEqual(expect.any(String));
    expect(ok(await s.call(`/api/model/${id}`, { token: t.other.token })).creator.id).toBe(t.member.id);
  });

  it("give models without a creator a 系统 creator object instead of null", async () => {
    const list = ok<any[]>(await s.call("/api/system/model/list", { token: t.sysAdmin }));
    expect(list.length).toBeGreaterThan(0);
    for (const m of list) {
      expect(m).toMatchObject(fields);
      expect(Object.keys(m.creator).sort()).toEqual(["avatar", "id", "nickName", "userName"]);
      if (m.creatorId === null) expect(m.creator).toMatchObject({ id: null, nickName: "系统" });
    }
  });
});
