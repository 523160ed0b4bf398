import { sql } from "drizzle-orm";
import { ok } from "./agents";
import { rows } from "./helpers";
import type { TestServer } from "./server";
import { postSse } from "./sse";

/** Workflows as a client drives them (issue 11): the original client's per-node calls and the whole-graph save. */

export const TEST_EXECUTE = "/api/workflow/test/execute";

export interface Frame {
  success: boolean;
  code: string;
  message: string | null;
  requestId: string;
  data: any;
  nodeExecuteResultMap: Record<string, any> | null;
  costTime: number;
  complete: boolean;
}

export async function newWorkflow(s: TestServer, token: string, spaceId: number, name = "旅行助手") {
  return ok<number>(await s.call("/api/workflow/add", { token, body: { spaceId, name } }));
}

export async function detail(s: TestServer, token: string, id: number) {
  return ok(await s.call(`/api/workflow/${id}`, { token }));
}

export async function addNode(s: TestServer, token: string, workflowId: number, type: string, extra = {}) {
  return ok(await s.call("/api/workflow/node/add", { token, body: { workflowId, type, ...extra } }));
}

export function wire(s: TestServer, token: string, nodeId: number, next: number[]) {
  return s.call(`/api/workflow/node/${nodeId}/nextIds/update`, { token, body: next });
}

/** Posts a node's form to its kind's update path (`update` for the generic one). */
export function updateNode(s: TestServer, token: string, path: string, body: Record<string, unknown>) {
  return s.call(path === "update" ? "/api/workflow/node/update" : `/api/workflow/node/${path}/update`, {
    token,
    body,
  });
}

export const ref = (name: string, bindValue: string, dataType = "String") => ({
  name,
  dataType,
  bindValueType: "Reference",
  bindValue,
});
export const param = (name: string, dataType = "String") => ({ name, dataType, require: true });

/** Runs (or resumes) a test run and reads the whole stream. */
export async function testRun(s: TestServer, token: string | null, body: Record<string, unknown>) {
  return postSse<Frame>(s.url, TEST_EXECUTE, { token, body });
}

/** The node events as `<nodeId>:<status>` in stream order. */
export const trail = (frames: Frame[]) =>
  frames.filter((f) => !f.complete && f.data?.status).map((f) => `${f.data.nodeId}:${f.data.status}`);

export async function workflowRow(s: TestServer, id: number) {
  const [row] = await rows<Record<string, any>>(s, sql`select * from workflow where id = ${id}`);
  return row;
}

export async function historyOf(s: TestServer, token: string, id: number) {
  return ok<any[]>(await s.call(`/api/workflow/config/history/list/${id}`, { token }));
}

/**
 * Start(topic) → LLM (default model, the built-in one) → Condition (LLM output contains 长城?) → End, the ELSE
 * branch through a TextProcessing node; built with the per-node endpoints as the original client does.
 */
export async function branchingWorkflow(s: TestServer, token: string, spaceId: number) {
  const id = await newWorkflow(s, token, spaceId);
  const { startNode, endNode } = await detail(s, token, id);
  const llm = await addNode(s, token, id, "LLM", { extension: { x: 300, y: 0 } });
  const cond = await addNode(s, token, id, "Condition");
  const text = await addNode(s, token, id, "TextProcessing");
  ok(
    await updateNode(s, token, "update", {
      nodeId: startNode.id,
      name: "开始",
      nodeConfig: { ...startNode.nodeConfig, inputArgs: [param("topic")] },
    }),
  );
  ok(
    await updateNode(s, token, "llm", {
      nodeId: llm.id,
      name: "讲解",
      nodeConfig: {
        ...llm.nodeConfig,
        inputArgs: [ref("topic", `${startNode.id}.topic`)],
        userPrompt: "介绍{{topic}}",
      },
    }),
  );
  const [yes, no] = cond.nodeConfig.conditionBranchConfigs;
  const first = ref("first", `${llm.id}.output`);
  const second = { name: "second", dataType: "String", bindValueType: "Input", bindValue: "长城" };
  ok(
    await updateNode(s, token, "condition", {
      nodeId: cond.id,
      name: "提到长城",
      nodeConfig: {
        ...cond.nodeConfig,
        conditionBranchConfigs: [
          {
            ...yes,
            conditionArgs: [{ firstArg: first, compareType: "CONTAINS", secondArg: second }],
            nextNodeIds: [endNode.id],
          },
          { ...no, nextNodeIds: [text.id] },
        ],
      },
    }),
  );
  ok(
    await updateNode(s, token, "text", {
      nodeId: text.id,
      name: "兜底",
      nodeConfig: {
        ...text.nodeConfig,
        inputArgs: [ref("topic", `${startNode.id}.topic`)],
        text: "没有提到：{{topic}}",
      },
    }),
  );
  ok(
    await updateNode(s, token, "end", {
      nodeId: endNode.id,
      name: "结束",
      nodeConfig: { ...endNode.nodeConfig, outputArgs: [ref("answer", `${llm.id}.output`)] },
    }),
  );
  ok(await wire(s, token, startNode.id, [llm.id]));
  ok(await wire(s, token, llm.id, [cond.id]));
  ok(await wire(s, token, text.id, [endNode.id]));
  return { id, start: startNode.id, end: endNode.id, llm: llm.id, cond: cond.id, text: text.id };
}
