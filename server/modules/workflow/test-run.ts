import { randomUUID } from "node:crypto";
import type { Context } from "hono";
import type { ApiEnv } from "#server/api/context";
import { type Actor, badField, type Deps, fail } from "#server/core";
import { languageModelFor } from "#server/llm/registry";
import { executePlugin } from "#server/runtime/plugin";
import type { PausedState, RunOutcome } from "#server/runtime/workflow/events";
import { resumeWorkflow, startWorkflow, type WorkflowRun } from "#server/runtime/workflow/executor";
import type { TableServices } from "#server/runtime/workflow/nodes/TableCommon";
import { singleRunRefusal, startSingleNode } from "#server/runtime/workflow/single-node";
import { findUserById } from "../auth";
import { knowledgeNodeSearch } from "../knowledge";
import { memoryNodeSearch } from "../memory";
import { findUsableChatModel } from "../model/service";
import { resolvePlugin } from "../plugin";
import { tableWorkflowService } from "../table";
import { getTenantConfig } from "../tenant/service";
import type { TestExecuteInput, TestNodeExecuteInput } from "./contract";
import { documentReader } from "./documents";
import { engineGraph } from "./graph-edit";
import * as repo from "./repo";
import { requestStop } from "./run-record";
import { accessNode, accessWorkflow } from "./service";
import { targetLoader } from "./sub-workflows";
import { streamRun } from "./test-stream";

/** Guards of a test run from the editor: wall time and node executions. */
const TEST_RUN_TIMEOUT_MS = 10 * 60_000;
const TEST_RUN_MAX_STEPS = 20_000;

/**
 * What the engine may use in a run inside a space: the space's models, its plugins' publications and the
 * workflows it may run as sub-workflows (drafts too when `editor`, the person test-running, may edit them), and
 * the space's data tables as `runnerId` (the editor unless given; chat runs name the chatting user).
 */
export function spaceServices(
  deps: Deps,
  tenantId: number,
  spaceId: number,
  editor: Actor | null = null,
  runnerId: number | null = editor?.userId ?? null,
): TableServices {
  const loadTarget = targetLoader(deps, tenantId, spaceId, editor);
  return {
    loadWorkflow: async (workflowId) => (await loadTarget(workflowId)).graph,
    searchKnowledge: knowledgeNodeSearch(deps, tenantId, spaceId),
    ...(runnerId != null ? { searchMemory: memoryNodeSearch(deps, runnerId) } : {}),
    ...(runnerId != null ? { table: runnerTables(deps, tenantId, spaceId, runnerId) } : {}),
    async model(modelId) {
      const id = modelId ?? (await getTenantConfig(deps, tenantId)).defaultChatModelId;
      const row = id ? await findUsableChatModel(deps, tenantId, spaceId, id) : null;
      if (!row) throw new Error(modelId ? `模型 ${modelId} 不可用` : "没有可用的默认对话模型");
      return languageModelFor(row, deps.config);
    },
    async runPlugin(pluginId, args, signal) {
      const target = await resolvePlugin(deps, tenantId, spaceId, pluginId);
      if (!target) throw new Error(`插件 ${pluginId} 未发布或当前空间不可用`);
      const { type, codeLang, config } = target.config as Record<string, any>;
      const result = await executePlugin(deps, {
        pluginId,
        params: args,
        type,
        codeLang,
        config,
        signal,
        sysVars: { SPACE_ID: spaceId },
      } as Parameters<typeof executePlugin>[1]);
      if (!result.success) throw new Error(result.error ?? "插件运行失败");
      return (result.result?.data as Record<string, unknown> | undefined) ?? {};
    },
    egress: { EGRESS_ALLOW: deps.config.EGRESS_ALLOW },
    readDocument: documentReader(deps),
  };
}

/** The table SQL guard for the run's user; rows it writes name that user, read once when a table node first runs. */
function runnerTables(deps: Deps, tenantId: number, spaceId: number, userId: number): TableServices["table"] {
  let service: ReturnType<typeof tableWorkflowService> | undefined;
  return {
    async execute(tableId, sql, args) {
      if (!service) {
        const user = await findUserById(deps.db, userId);
        if (!user) throw new Error("运行工作流的用户不存在");
        const caller = { tenantId, spaceId, userId, userName: user.userName, nickName: user.nickName ?? null };
        service = tableWorkflowService(deps, caller);
      }
      return service.execute(tableId, sql, args);
    },
  };
}

/**
 * The system variables of a run from the editor (Start outputs them, Code gets them as SYS_VARS): the caller's, the
 * run's; no agent or conversation is around it, so AGENT_ID, CONVERSATION_ID and AGENT_USER_MSG stay empty.
 */
const systemVariablesOf = (actor: Actor, spaceId: number, requestId: string) => ({
  SYS_USER_ID: actor.userId,
  USER_UID: actor.userName,
  USER_NAME: actor.userName,
  USER_LANG: "zh-CN",
  REQUEST_ID: requestId,
  CURRENT_TIME: new Date().toISOString(),
  SPACE_ID: spaceId,
});

/**
 * Opens the run before the stream: access, the paused state of a resumed run. Refusals here are HTTP errors;
 * a graph that fails validation is the engine's own failed final frame.
 */
async function open(deps: Deps, actor: Actor, input: TestExecuteInput): Promise<(signal: AbortSignal) => WorkflowRun> {
  const { workflow } = await accessWorkflow(deps, actor, input.workflowId);
  const graph = engineGraph(workflow.graph);
  const options = (signal: AbortSignal) => ({
    services: spaceServices(deps, actor.tenantId, workflow.spaceId, actor),
    workflowId: workflow.id,
    systemVariables: systemVariablesOf(actor, workflow.spaceId, input.requestId),
    timeoutMs: TEST_RUN_TIMEOUT_MS,
    maxSteps: TEST_RUN_MAX_STEPS,
    signal,
  });
  if (input.answer == null) {
    return (signal) => startWorkflow(graph, { ...options(signal), params: input.params ?? {} });
  }
  const paused = await repo.takePausedRun(deps.db, workflow.id, actor.userId, input.requestId);
  if (!paused) throw badField("requestId", "没有等待回答的运行，请重新试运行");
  const state = paused.state as unknown as PausedState;
  if (state?.version !== 1 || !state.pending) throw fail("无法继续运行：暂停状态无效");
  return (signal) => resumeWorkflow(graph, state, input.answer!, options(signal));
}

/** `POST /api/workflow/test/execute`: the run's frames as server-sent events (reference original-frontend.md §3.6). */
export async function testExecute(deps: Deps, c: Context<ApiEnv>, actor: Actor, input: TestExecuteInput) {
  const start = await open(deps, actor, input);
  return streamRun(deps, c, actor, {
    workflowId: input.workflowId,
    requestId: input.requestId,
    kind: "Workflow",
    params: input.params ?? {},
    start,
    after: (outcome) => keepPause(deps, actor, input, outcome),
  });
}

/** `POST /api/workflow/test/node/execute`: one node run alone, its params standing in for its references. */
export async function testNodeExecute(deps: Deps, c: Context<ApiEnv>, actor: Actor, input: TestNodeExecuteInput) {
  const { workflow } = await accessNode(deps, actor, input.nodeId);
  const node = engineGraph(workflow.graph).nodes.find((n) => n.id === input.nodeId)!;
  const refusal = singleRunRefusal(node);
  if (refusal) throw fail(refusal);
  const params = input.params ?? {};
  const requestId = input.requestId ?? randomUUID();
  return streamRun(deps, c, actor, {
    workflowId: workflow.id,
    requestId,
    kind: "Node",
    params,
    start: (signal) =>
      startSingleNode(node, params, {
        services: spaceServices(deps, actor.tenantId, workflow.spaceId, actor),
        workflowId: workflow.id,
        systemVariables: systemVariablesOf(actor, workflow.spaceId, requestId),
        timeoutMs: TEST_RUN_TIMEOUT_MS,
        maxSteps: TEST_RUN_MAX_STEPS,
        signal,
      }),
  });
}

/** `POST /api/workflow/test/stop/{requestId}`: stops the caller's running test run (on any instance). */
export async function stopTestRun(deps: Deps, actor: Actor, requestId: string) {
  return requestStop(deps, actor.userId, requestId);
}

/** A QA pause: the state is stored under the requestId, for the answer to resume it (on any instance). */
async function keepPause(deps: Deps, actor: Actor, input: TestExecuteInput, outcome: RunOutcome) {
  if (outcome.status !== "PAUSED" || !outcome.state) return;
  await repo.savePausedRun(deps.db, {
    workflowId: input.workflowId,
    userId: actor.userId,
    requestId: input.requestId,
    state: outcome.state as unknown as Record<string, unknown>,
  });
}
