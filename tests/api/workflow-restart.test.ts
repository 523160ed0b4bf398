import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { killChild, killChildServers, startChildServer } from "../support/child-server";
import { ADMIN_PASSWORD } from "../support/server";
import { postSse } from "../support/sse";
import { type Frame, param, ref, TEST_EXECUTE, trail } from "../support/workflows";

/** The server in a child process on DATA_DIR, so it can be killed and started again on the same data. */
const startChild = async (dir: string) => {
  const server = await startChildServer(dir);
  const call = <T = any>(p: string, token: string | null, body?: unknown) => server.data<T>(p, { token, body });
  return { ...server, call };
};

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "wf-restart-"));
});
afterAll(async () => {
  await killChildServers();
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
    await killChild(first.child);

    const second = await startChild(dataDir);
    const resumed = await postSse<Frame>(second.url, TEST_EXECUTE, { token, body: { ...body, answer: "周六" } });
    expect(trail(resumed.events)).toContain(`${endNode.id}:FINISHED`);
    expect(resumed.events.at(-1)).toMatchObject({ complete: true, success: true, data: { plan: "西安，周六" } });
    // Two server starts and a kill: far more than the default test time on a loaded machine.
  }, 180_000);
});
