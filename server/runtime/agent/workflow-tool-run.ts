import { systemVariables } from "#server/modules/agent/variables";
import { savePausedRun, takePausedRun } from "#server/modules/workflow";
import { openRunRecord } from "#server/modules/workflow/run-record";
import { spaceServices } from "#server/modules/workflow/test-run";
import {
  type PausedState,
  type RunOptions,
  type RunOutcome,
  resumeWorkflow,
  startWorkflow,
  type WorkflowGraph,
} from "../workflow";
import type { ToolBuildContext, ToolContext } from "./tools";

/** A workflow as a tool runs it: the draft in the editor's debug chat, its publication everywhere else. */
export interface ToolWorkflow {
  id: number;
  name: string;
  description: string;
  icon: string;
  /** The workflow's own space: its LLM nodes use that space's models, its Plugin nodes that space's plugins. */
  spaceId: number;
  graph: WorkflowGraph;
}

/** A chat's QA pause, stored with the engine's state until the user's next message answers it. */
export interface ChatPause {
  engine: PausedState;
  componentId: number;
  /** The call's arguments, shown again on the resumed run's step. */
  input: Record<string, unknown>;
}

/** Guard on node executions of one run started from a chat (loops included). */
const CHAT_RUN_MAX_STEPS = 20_000;
/** One paused run per conversation: the pause table's requestId for it. */
export const pauseKey = (conversationId: number) => `chat:${conversationId}`;

const systemNames = new Set(systemVariables.map((v) => v.name));

/** The turn's values split the way the engine reads them: system variables and the user's own. */
function splitVariables(values: Record<string, unknown>) {
  const system: Record<string, unknown> = {};
  const user: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) (systemNames.has(k) ? system : user)[k] = v;
  return { system, user };
}

export type RunStart = { params: Record<string, unknown> } | { resume: { state: PausedState; answer: string } };

/**
 * Runs (or resumes) the workflow for a chat: Output nodes' text goes to `onOutput` as it is produced; Variable
 * nodes write through to the conversation. The outcome is the engine's, a pause included.
 */
export async function runChatWorkflow(
  ctx: ToolBuildContext,
  wf: ToolWorkflow,
  start: RunStart,
  toolCtx: ToolContext,
  onOutput: (text: string) => void,
): Promise<RunOutcome> {
  const { system, user } = splitVariables(toolCtx.variables);
  // Recorded like test runs (workflow_run and its node results, written in batches); its stop flag stops it too.
  const stop = new AbortController();
  const options: RunOptions = {
    services: {
      ...spaceServices(ctx.deps, ctx.tenantId, wf.spaceId, null, ctx.userId),
      setVariable: (name, value) => toolCtx.setVariable(name, value),
    },
    // Names the run, so a Workflow node inside cannot call this workflow again.
    workflowId: wf.id,
    systemVariables: { ...system, SPACE_ID: wf.spaceId },
    signal: toolCtx.signal ? AbortSignal.any([toolCtx.signal, stop.signal]) : stop.signal,
    maxSteps: CHAT_RUN_MAX_STEPS,
  };
  const run =
    "resume" in start
      ? resumeWorkflow(wf.graph, start.resume.state, start.resume.answer, options)
      : startWorkflow(wf.graph, { ...options, params: start.params, variables: user });
  // Opened once the run exists (a bad paused state throws above): every record opened here is finished below.
  const params = "resume" in start ? start.resume.state.params : start.params;
  const record = await openRunRecord(
    ctx.deps,
    { workflowId: wf.id, userId: ctx.userId, requestId: `chat-${crypto.randomUUID()}`, kind: "Workflow", params },
    () => stop.abort(new Error("运行已停止")),
  );
  for await (const event of run.events) {
    record.event(event);
    if (event.type === "output") onOutput(event.text);
  }
  const outcome = await run.done;
  await record.finish(outcome);
  return outcome;
}

/** The question a paused outcome asks, with a SELECT node's shown options. */
export function questionOf(outcome: RunOutcome) {
  const pending = outcome.state?.pending;
  const data = pending ? outcome.nodeExecuteResultMap[pending.nodeId]?.data : null;
  const options = ((data?.options ?? []) as { index?: string; content?: string }[]).map((o) => ({
    index: String(o.index ?? ""),
    content: String(o.content ?? ""),
  }));
  const question = pending?.question ?? outcome.message ?? "";
  return { question, options };
}

/** The question as the conversation keeps it: a SELECT question lists its options, one a line. */
export const questionText = (q: ReturnType<typeof questionOf>) =>
  q.options.length ? `${q.question}\n\n${q.options.map((o) => `${o.index}. ${o.content}`).join("\n")}` : q.question;

/** A failed run as the step and the model read it, in Chinese; a graph refused by validation names its node. */
export function failureOf(outcome: RunOutcome, graph: WorkflowGraph) {
  const bad = outcome.checks?.find((c) => !c.success);
  const node = bad && graph.nodes.find((n) => n.id === bad.nodeId);
  const where = node ? `节点「${node.name}」：` : "";
  const detail = bad
    ? `${outcome.message ?? "工作流校验未通过"}（${where}${bad.messages.join("；")}）`
    : outcome.message;
  return `工作流运行失败：${detail ?? "未知错误"}`;
}

export async function savePause(ctx: ToolBuildContext, workflowId: number, conversationId: number, pause: ChatPause) {
  await savePausedRun(ctx.deps.db, {
    workflowId,
    userId: ctx.userId,
    requestId: pauseKey(conversationId),
    state: pause as unknown as Record<string, unknown>,
  });
}

/** Takes the conversation's paused run of this workflow out (a run resumes once; a new pause stores it again). */
export async function takePause(ctx: ToolBuildContext, workflowId: number, conversationId: number) {
  const row = await takePausedRun(ctx.deps.db, workflowId, ctx.userId, pauseKey(conversationId));
  const pause = row?.state as ChatPause | undefined;
  return pause?.engine ? pause : null;
}
