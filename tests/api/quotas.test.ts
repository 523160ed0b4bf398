import { readdir } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAgent, ok, personalSpace, refused } from "../support/agents";
import { configure } from "../support/chat";
import { count } from "../support/helpers";
import { type Envelope, startServer, type TestServer } from "../support/server";

/** Small quotas so a few kilobytes reach them: 10 KB a day per user, 16 KB stored per user, 6 KB a day per link. */
let s: TestServer;
beforeAll(async () => {
  s = await startServer({ UPLOAD_DAILY_PER_USER: "10KB", STORAGE_PER_USER: "16KB", UPLOAD_DAILY_PER_LINK: "6KB" });
});
afterAll(() => s.close());

const KB = 1024;

async function upload(bytes: number, opts: { token?: string; query?: string } = {}) {
  const form = new FormData();
  form.append("file", new File(["x".repeat(bytes)], "data.txt"));
  const res = await fetch(`${s.url}/api/file/upload${opts.query ?? ""}`, {
    method: "POST",
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    body: form,
  });
  return (await res.json()) as Envelope;
}

/** A refusal that stored nothing: no new row and no file left in the temporary folder. */
async function refusedWithNothingStored(send: () => Promise<Envelope>, message: string) {
  const rows = await count(s, "file");
  const res = await send();
  refused(res, "0001");
  expect(res.message).toBe(message);
  expect(await count(s, "file")).toBe(rows);
  expect(await readdir(path.join(s.deps.config.FILES_DIR, "tmp")).catch(() => [])).toEqual([]);
}

describe("upload quotas", () => {
  it("limit what one user uploads in 24 hours", async () => {
    const user = await s.newUser();
    ok(await upload(6 * KB, { token: user.token }));
    const dayFull = "今日上传已达上限（每人每天 10 KB），请明天再试";
    await refusedWithNothingStored(() => upload(6 * KB, { token: user.token }), dayFull);
    ok(await upload(4 * KB, { token: user.token }));
    // Nothing is left at all now: refused before the body is read.
    await refusedWithNothingStored(() => upload(1, { token: user.token }), dayFull);
    // Another user has their own quota.
    ok(await upload(6 * KB, { token: (await s.newUser()).token }));
  });

  it("limit what one user stores in total, beyond the day", async () => {
    const user = await s.newUser();
    ok(await upload(10 * KB, { token: user.token }));
    // Yesterday's uploads no longer count against today's quota, but still against the storage total.
    await s.deps.db.execute(sql`update file set created = now() - interval '2 days' where user_id = ${user.id}`);
    ok(await upload(6 * KB, { token: user.token }));
    await refusedWithNothingStored(() => upload(1, { token: user.token }), "存储空间已满（每人 16 KB），请联系管理员");
  });

  it("limit what visitors of one temporary link upload in 24 hours", async () => {
    const creator = await s.newUser();
    const agentId = await addAgent(s, creator.token, await personalSpace(s, creator.token));
    // Link visitors may upload only to an agent with 文件盒 on.
    await configure(s, creator.token, agentId, { openFileBox: "Open" });
    const link = ok(
      await s.call(`/api/temp/chat/${agentId}/link/create`, { token: creator.token, body: { requireLogin: 0 } }),
    );
    const viaLink = { query: `?chatKey=${link.chatKey}` };
    ok(await upload(4 * KB, viaLink));
    await refusedWithNothingStored(
      () => upload(4 * KB, viaLink),
      "该临时会话链接今日上传已达上限（每天 6 KB），请明天再试",
    );
    ok(await upload(2 * KB, viaLink));
    // The creator, signed in, still has the rest of their own daily quota (the link's files count there too).
    ok(await upload(4 * KB, { token: creator.token }));
    await refusedWithNothingStored(
      () => upload(1, { token: creator.token }),
      "今日上传已达上限（每人每天 10 KB），请明天再试",
    );
  });
});
