import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PASSWORD, type Envelope } from "../support/server";
import { postSse } from "../support/sse";
import { SNAPSHOT_ENV } from "../support/test-db";
import { type Frame, param, ref, TEST_EXECUTE, trail } from "../support/workflows";

/** The server in a child process on DATA_DIR, so it can be killed and started again on the same data. */
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
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d) => {
      out += String(d);
      const match = /listening (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`server exited (${code}) before listening`)));
  });
  const url = `http://127.0.0.1:${port}`;
  const call = async <T = any>(p: string, token: string | null, body?: unknown) => {
    const res = await fetch(url + p, {
      method: body === undefined ? "GET" : "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
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
const children: ChildProcess[] = [];
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "wf-restart-"));
});
afterAll(async () => {
  for (const c of children) await killed(c);
  await rm(dataDir, { recursive: true, force: true });
});

describe("a QA pause survives a restart of the server", () => {
  it("pauses, the server is killed and started again on the same data, and the answer resumes the run", async () => {
    const first = await startChild(dataDir);
    const { token } = await first.call<{ token: string }>("/api/user/passwordLogin", null, {
      phoneOrEmail: "admin",
      password: ADMIN_PASSWORD,
    });
    const spaces = await first.call<any[]>("/api/space/list", token);
    const spaceId = spaces.find((x) => x.type === "Personal").id;
    const id = await first.call<number>("/api/workflow/add", token, { spaceId, name: "重启后继续" });
    const { startNode, endNode } = await first.call<any>(`/api/workflow/${id}`, token);
    const qa = await first.call<any>("/api/workflow/node/add", token, { workflowId: id, type: "QA" });
    const text = await first.call<any>("/api/workflow/node/add", token, { workflowId: id, type: "TextProcessing" });
    await first.call("/api/workflow/node/update", token, {
      nodeId: startNode.id,
      nodeConfig: { inputArgs: [param("city")] },
    });
    await first.call("/api/workflow/node/qa/update", token, {
      nodeId: qa.id,
      nodeConfig: {
        ...qa.nodeConfig,
        question: "去{{city}}的哪天？",
        inputArgs: [ref("city", `${startNode.id}.city`)],
      },
    });
    await first.call("/api/workflow/node/text/update", token, {
      nodeId: text.id,
      nodeConfig: {
        textHandleType: "CONCAT",
        text: "{{city}}，{{day}}",
        inputArgs: [ref("city", `${startNode.id}.city`), ref("day", `${qa.id}.USER_RESPONSE`)],
      },
    });
    await first.call("/api/workflow/node/end/update", token, {
      nodeId: endNode.id,
      nodeConfig: { outputArgs: [ref("plan", `${text.id}.output`)] },
    });
    await first.call(`/api/workflow/node/${startNode.id}/nextIds/update`, token, [qa.id]);
    await first.call(`/api/workflow/node/${qa.id}/nextIds/update`, token, [text.id]);
    await first.call(`/api/workflow/node/${text.id}/nextIds/update`, token, [endNode.id]);

    const body = { workflowId: id, requestId: "restart-1", params: { city: "西安" } };
    const asked = await postSse<Frame>(first.url, TEST_EXECUTE, { token, body });
    expect(asked.events.at(-1)).toMatchObject({ data: { nodeId: qa.id, status: "STOP_WAIT_ANSWER" } });
    await killed(first.child);

    const second = await startChild(dataDir);
    const resumed = await postSse<Frame>(second.url, TEST_EXECUTE, { token, body: { ...body, answer: "周六" } });
    expect(trail(resumed.events)).toContain(`${endNode.id}:FINISHED`);
    expect(resumed.events.at(-1)).toMatchObject({ complete: true, success: true, data: { plan: "西安，周六" } });
    // Two server starts and a kill: far more than the default test time on a loaded machine.
  }, 180_000);
});
