import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAI } from "../fixtures/fake-openai";
import { ok } from "../support/agents";
import { CHAT_PATH, streamed } from "../support/chat";
import { killChild, killChildServers, startChildServer } from "../support/child-server";
import { ADMIN_PASSWORD } from "../support/server";
import { postSse } from "../support/sse";
import { addNode, detail, newWorkflow, ref, updateNode, wire } from "../support/workflows";

/** Issue 11 item 4: a QA pause asked in chat survives a restart of the server; the next message resumes it. */

/** The real server in a child process on DATA_DIR, so it can be SIGKILLed and started again. */
const startChild = (dir: string) => startChildServer(dir);

let dataDir: string;
let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "wf-restart-"));
  fake = await startFakeOpenAI();
});
afterAll(async () => {
  await killChildServers();
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
    await killChild(first.child);

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
