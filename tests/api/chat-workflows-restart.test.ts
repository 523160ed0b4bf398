import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAI } from "../fixtures/fake-openai";
import { ok } from "../support/agents";
import { CHAT_PATH, streamed } from "../support/chat";
import { ADMIN_PASSWORD, type Envelope, type TestServer } from "../support/server";
import { postSse } from "../support/sse";
import { SNAPSHOT_ENV } from "../support/test-db";
import { addNode, detail, newWorkflow, ref, updateNode, wire } from "../support/workflows";

/** Issue 11 item 4: a QA pause asked in chat survives a restart of the server; the next message resumes it. */

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
      ...(process.env[SNAPSHOT_ENV] ? { [SNAPSHOT_ENV]: process.env[SNAPSHOT_ENV] } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
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
  // Enough of TestServer for the workflow helpers: they only call the API.
  const call = async (p: string, opts: { token?: string | null; body?: unknown } = {}) => {
    const res = await fetch(url + p, {
      method: opts.body === undefined ? "GET" : "POST",
      headers: { "content-type": "application/json", ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    return (await res.json()) as Envelope;
  };
  return { child, url, call, server: { url, call } as unknown as TestServer };
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
  dataDir = await mkdtemp(path.join(os.tmpdir(), "wf-restart-"));
  fake = await startFakeOpenAI();
});
afterAll(async () => {
  for (const c of children) await killed(c);
  await fake.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("a workflow waiting for an answer in chat", () => {
  it("is resumed by the next message after the server was killed and started again", async () => {
    const first = await startChild(dataDir);
    const s = first.server;
    const { token } = ok(
      await first.call("/api/user/passwordLogin", { body: { phoneOrEmail: "admin", password: ADMIN_PASSWORD } }),
    );
    const spaceId = ok<any[]>(await first.call("/api/space/list", { token })).find((x) => x.type === "Personal").id;

    const workflowId = await newWorkflow(s, token, spaceId, "问名字");
    const { startNode, endNode } = await detail(s, token, workflowId);
    const qa = await addNode(s, token, workflowId, "QA");
    ok(
      await updateNode(s, token, "qa", { nodeId: qa.id, nodeConfig: { ...qa.nodeConfig, question: "你叫什么名字？" } }),
    );
    const endConfig = {
      returnType: "TEXT",
      content: "你好，{{name}}",
      outputArgs: [ref("name", `${qa.id}.USER_RESPONSE`)],
    };
    ok(await updateNode(s, token, "end", { nodeId: endNode.id, nodeConfig: endConfig }));
    ok(await wire(s, token, startNode.id, [qa.id]));
    ok(await wire(s, token, qa.id, [endNode.id]));
    const items = [{ scope: "Space", spaceId }];
    ok(
      await first.call("/api/publish/apply", {
        token,
        body: { targetType: "Workflow", targetId: workflowId, category: "Efficiency", items },
      }),
    );

    const model = {
      spaceId,
      name: "fake-plugins",
      model: "fake-plugins",
      apiProtocol: "OpenAI",
      baseUrl: fake.url,
      apiKey: fake.apiKey,
    };
    const modelId = ok<number>(await first.call("/api/model/save", { token, body: model }));
    const agentId = ok<number>(await first.call("/api/agent/add", { token, body: { spaceId, name: "问候助手" } }));
    const modelComponent = ok<any[]>(await first.call(`/api/agent/component/list/${agentId}`, { token })).find(
      (c) => c.type === "Model",
    ).id;
    ok(
      await first.call("/api/agent/component/model/update", {
        token,
        body: { id: modelComponent, targetId: modelId, bindConfig: {} },
      }),
    );
    const bind = { agentId, type: "Workflow", targetId: workflowId, bindConfig: { directOutput: 1 } };
    ok(await first.call("/api/agent/component/add", { token, body: bind }));
    const conv = ok(await first.call("/api/agent/conversation/create", { token, body: { agentId } }));

    const asked = await postSse(first.url, CHAT_PATH, {
      token,
      body: { conversationId: conv.id, message: "打个招呼" },
    });
    expect(asked.events.find((e) => e.data?.type === "QUESTION")?.data.text).toBe("你叫什么名字？");
    await killed(first.child);

    const second = await startChild(dataDir);
    const answered = await postSse(second.url, CHAT_PATH, {
      token,
      body: { conversationId: conv.id, message: "小红" },
    });
    expect(streamed(answered.events)).toBe("你好，小红");
    expect(answered.events.at(-1)).toMatchObject({ eventType: "FINAL_RESULT", data: { success: true } });
    const list = ok<any[]>(
      await second.call("/api/agent/conversation/message/list", { token, body: { conversationId: conv.id } }),
    );
    expect(list.map((m) => [m.role, m.type, m.text])).toEqual([
      ["USER", "CHAT", "打个招呼"],
      ["ASSISTANT", "QUESTION", "你叫什么名字？"],
      ["USER", "CHAT", "小红"],
      ["ASSISTANT", "CHAT", "你好，小红"],
    ]);
  }, 180_000);
});
