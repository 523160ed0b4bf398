import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_TEXT, startFakeOpenAI } from "../fixtures/fake-openai";
import { CHAT_PATH, eventually, streamed } from "../support/chat";
import { ADMIN_PASSWORD, type Envelope } from "../support/server";
import { openSse, postSse } from "../support/sse";
import { SNAPSHOT_ENV } from "../support/test-db";

/** The real server in a child process on DATA_DIR, so it can be SIGKILLed and started again. */
async function startChild(dataDir: string) {
  const child = spawn(process.execPath, ["--import", "tsx", path.join("tests", "support", "serve-child.ts")], {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      LOG_LEVEL: "silent",
      PORT: "0",
      HOST: "127.0.0.1",
      EGRESS_ALLOW: "127.0.0.1",
      // The first start copies the run's seeded database instead of migrating and seeding an empty one.
      ...(process.env[SNAPSHOT_ENV] ? { [SNAPSHOT_ENV]: process.env[SNAPSHOT_ENV] } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (d) => {
    stderr += String(d);
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d) => {
      out += String(d);
      const match = /listening (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`server exited (${code}) before listening: ${stderr}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  const call = async <T = any>(p: string, opts: { token?: string; body?: unknown } = {}) => {
    const res = await fetch(url + p, {
      method: opts.body === undefined ? "GET" : "POST",
      headers: { "content-type": "application/json", ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const json = (await res.json()) as Envelope<T>;
    if (json.code !== "0000") throw new Error(`${p}: ${json.code} ${json.message}`);
    return json.data;
  };
  return { child, url, call };
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });

let dataDir: string;
let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
const children: ChildProcess[] = [];
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "durability-"));
  fake = await startFakeOpenAI({ slowMs: 100 });
});
afterAll(async () => {
  for (const c of children) await killed(c);
  await fake.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("a server killed mid-answer", () => {
  it("keeps the user's message, marks the partial answer interrupted, and the conversation continues", async () => {
    const first = await startChild(dataDir);
    children.push(first.child);
    const { token } = await first.call<{ token: string }>("/api/user/passwordLogin", {
      body: { phoneOrEmail: "admin", password: ADMIN_PASSWORD },
    });
    const spaces = await first.call<any[]>("/api/space/list", { token });
    const spaceId = spaces.find((x) => x.type === "Personal").id;
    const model = (name: string) =>
      first.call<number>("/api/model/save", {
        token,
        body: { spaceId, name, model: name, apiProtocol: "OpenAI", baseUrl: fake.url, apiKey: fake.apiKey },
      });
    const [slowId, textId] = [await model("fake-slow"), await model("fake-text")];
    const agentId = await first.call<number>("/api/agent/add", { token, body: { spaceId, name: "耐久测试" } });
    const components = await first.call<any[]>(`/api/agent/component/list/${agentId}`, { token });
    const modelComponent = components.find((c) => c.type === "Model").id;
    const bind = (targetId: number) =>
      first.call("/api/agent/component/model/update", {
        token,
        body: { id: modelComponent, targetId, bindConfig: {} },
      });
    await bind(slowId);
    const conv = await first.call<any>("/api/agent/conversation/create", { token, body: { agentId } });

    const stream = openSse(first.url, CHAT_PATH, {
      token,
      body: { conversationId: conv.id, message: "讲一个很长的故事" },
    });
    await stream.waitFor((e) => e.data?.type === "CHAT" && e.data.text);
    // Wait until part of the answer has reached the database, then kill the server without warning.
    await eventually(async () => {
      const list = await first.call<any[]>("/api/agent/conversation/message/list", {
        token,
        body: { conversationId: conv.id },
      });
      return list[1]?.text.length > 0;
    });
    await killed(first.child);
    const seen = streamed(stream.events);
    stream.abort();
    expect(seen).not.toContain("片段49");

    const second = await startChild(dataDir);
    children.push(second.child);
    // The session survives the restart too.
    const messages = await second.call<any[]>("/api/agent/conversation/message/list", {
      token,
      body: { conversationId: conv.id },
    });
    expect(messages.map((m) => [m.role, m.status])).toEqual([
      ["USER", "complete"],
      ["ASSISTANT", "interrupted"],
    ]);
    expect(messages[0].text).toBe("讲一个很长的故事");
    expect(messages[1].text).toMatch(/^片段0 /);
    expect(seen.startsWith(messages[1].text)).toBe(true);
    expect(messages[1]).toMatchObject({ finished: true, finishReason: "INTERRUPTED" });
    const view = await second.call<any>(`/api/agent/conversation/${conv.id}`, { token, body: {} });
    expect(view.runningRequestId).toBeNull();

    await second.call("/api/agent/component/model/update", {
      token,
      body: { id: modelComponent, targetId: textId, bindConfig: {} },
    });
    const next = await postSse(second.url, CHAT_PATH, { token, body: { conversationId: conv.id, message: "继续" } });
    expect(next.events.at(-1)).toMatchObject({ eventType: "FINAL_RESULT", data: { success: true } });
    expect(streamed(next.events)).toBe(FAKE_TEXT);
    // The interrupted answer is part of the context the model receives.
    const sent = fake.requests.at(-1)!.body.messages;
    expect(sent.map((m: any) => m.role)).toEqual(["user", "assistant", "user"]);
    expect(sent[1].content).toBe(messages[1].text);
    const after = await second.call<any[]>("/api/agent/conversation/message/list", {
      token,
      body: { conversationId: conv.id },
    });
    expect(after.map((m) => m.status)).toEqual(["complete", "interrupted", "complete", "complete"]);
  }, 180_000);
});
