import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok } from "../support/agents";
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
let token: string;
let target: { id: number };
beforeAll(async () => {
  s = await startServer();
  token = (await s.newUser()).token;
  target = await s.newUser({ userName: "wangfang", nickName: "小王", email: "wang.fang@corp.example" });
  await s.deps.db.execute(sql`update "user" set phone = '13912345678' where id = ${target.id}`);
});
afterAll(() => s.close());

const search = async (kw: string) =>
  ok<{ id: number }[]>(await s.call("/api/user/search", { token, body: { kw } })).map((u) => u.id);

describe("user search", () => {
  it("matches user and nick names by substring", async () => {
    expect(await search("ngfa")).toEqual([target.id]);
    expect(await search("小")).toEqual([target.id]);
  });

  it("finds nobody by part of an e-mail address or phone number", async () => {
    for (const part of ["corp.example", "wang.fang@", "@corp", "1391234", "5678", "139"]) {
      expect(await search(part), part).toEqual([]);
    }
  });

  it("finds a user by the whole e-mail address (any case) or the whole phone number", async () => {
    expect(await search("wang.fang@corp.example")).toEqual([target.id]);
    expect(await search("Wang.Fang@Corp.Example")).toEqual([target.id]);
    expect(await search("13912345678")).toEqual([target.id]);
  });
});
