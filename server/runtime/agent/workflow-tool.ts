import type { Arg } from "#contract/args";
import { toolBindSchema } from "#contract/components";
import { findAgent } from "#server/modules/agent";
import { resolveTarget } from "#server/modules/component/kinds";
import { insertMessage } from "#server/modules/conversation";
import { pushEvent } from "#server/modules/notify";
import { findWorkflow } from "#server/modules/workflow";
import type { RunOutcome, WorkflowGraph } from "../workflow";
import { extractAutoArgs } from "./plugin-auto";
import { boundArgs, hasBinding, inputSchemaOf, shownToModel } from "./plugin-schema";
import type { ComponentSnapshot, RuntimeTool, ToolBuildContext, ToolContext, ToolFactory } from "./tools";
import {
  type ChatPause,
  failureOf,
  questionOf,
  questionText,
  type RunStart,
  runChatWorkflow,
  savePause,
  type ToolWorkflow,
} from "./workflow-tool-run";

type ToolBind = ReturnType<typeof toolBindSchema.parse>;

/**
 * The workflow a component of this agent runs. In the debug chat (devMode) the draft when it belongs to the
 * agent's own space, so builders try edits before publishing; otherwise — and for workflows of other spaces —
 * the live publication the agent's space may use (the workflow module's resolver). Null when there is none.
 */
export async function loadToolWorkflow(ctx: ToolBuildContext, workflowId: number): Promise<ToolWorkflow | null> {
  const { deps, tenantId } = ctx;
  const agent = await findAgent(deps.db, tenantId, ctx.agentId);
  if (!agent) return null;
  const draft = await findWorkflow(deps.db, tenantId, workflowId);
  if (ctx.devMode && draft && draft.spaceId === agent.spaceId) {
    const { id, name, description, icon, spaceId } = draft;
    return { id, name, description, icon, spaceId, graph: draft.graph as unknown as WorkflowGraph };
  }
  const published = await resolveTarget(deps, "Workflow", tenantId, agent.spaceId, workflowId);
  const graph = published?.config.graph as WorkflowGraph | undefined;
  if (!published || !graph) return null;
  const { name, description, icon } = published;
  return { id: workflowId, name, description, icon, spaceId: draft?.spaceId ?? agent.spaceId, graph };
}

const startArgs = (graph: WorkflowGraph) =>
  (graph.nodes.find((n) => n.id === graph.startNodeId)?.nodeConfig.inputArgs ?? []) as Arg[];

/** What the model fills: the Start inputs it may see that the binding does not fix. */
const askedOfModel = (arg: Arg) => shownToModel(arg) && !hasBinding(arg);

/**
 * The Start parameters of a call: the binding's value where it fixes one (a literal, or the agent variable a
 * Reference names), what the model gave for the rest; system variables come from the turn.
 */
export function startParams(args: Arg[], given: Record<string, unknown>, variables: Record<string, unknown>) {
  const params: Record<string, unknown> = {};
  for (const arg of args) {
    if (hasBinding(arg)) {
      params[arg.name] =
        arg.bindValueType === "Reference" && typeof arg.bindValue === "string"
          ? variables[arg.bindValue]
          : arg.bindValue;
    } else if (arg.systemVariable && variables[arg.name] !== undefined) params[arg.name] = variables[arg.name];
    else if (askedOfModel(arg) && given[arg.name] !== undefined && given[arg.name] !== null)
      params[arg.name] = given[arg.name];
  }
  return params;
}

/** A finished run's result: the End output map, with the rendered text of an End of type TEXT beside it. */
function resultOf(outcome: RunOutcome) {
  const output = outcome.output ?? {};
  return outcome.outputContent !== undefined ? { ...output, outputContent: outcome.outputContent } : output;
}

/** The answer a direct-output workflow gives: the End text, else its output map as JSON. */
const directText = (outcome: RunOutcome) => outcome.outputContent ?? JSON.stringify(outcome.output ?? {});

/** The most of a result the model reads (an End may return large lists). */
const MAX_RESULT_CHARS = 20_000;
function forModel(data: Record<string, unknown>) {
  if (typeof data.outputContent === "string") return data.outputContent.slice(0, MAX_RESULT_CHARS);
  const text = JSON.stringify(data);
  return text.length <= MAX_RESULT_CHARS ? data : `${text.slice(0, MAX_RESULT_CHARS)}…（结果过长，已截断）`;
}

/**
 * Async bindings (original-backend.md §5.5): the tool answers at once and the run goes on in the background.
 * Its end is told as a new assistant message — the End text (or the output map), after any Output text — rather
 * than rewritten by a model as the original does: no second model call, and the user sees the workflow's own
 * words. A QA pause there asks its question the same way and the next message resumes it, as in a turn.
 */
async function reportAsync(
  ctx: ToolBuildContext,
  wf: ToolWorkflow,
  componentId: number,
  input: Record<string, unknown>,
  conversationId: number,
  run: (onOutput: (text: string) => void) => Promise<RunOutcome>,
) {
  const outputs: string[] = [];
  try {
    const outcome = await run((text) => outputs.push(text));
    let text: string;
    let type: "CHAT" | "QUESTION" = "CHAT";
    if (outcome.status === "PAUSED" && outcome.state) {
      await savePause(ctx, wf.id, conversationId, { engine: outcome.state, componentId, input });
      text = questionText(questionOf(outcome));
      type = "QUESTION";
    } else if (outcome.success) {
      const result = outcome.outputContent ?? `\`\`\`json\n${JSON.stringify(outcome.output ?? {}, null, 2)}\n\`\`\``;
      text = `「${wf.name}」已运行完成：\n\n${result}`;
    } else text = `「${wf.name}」${failureOf(outcome, wf.graph)}`;
    text = [...outputs, text].join("\n\n");
    const message = await insertMessage(ctx.deps.db, {
      conversationId,
      requestId: `async-${crypto.randomUUID()}`,
      role: "ASSISTANT",
      type,
      text,
    });
    await pushEvent(ctx.deps.db, ctx.userId, "refresh_chat_message", {
      conversationId,
      message: { id: message.id, role: "ASSISTANT", type, text, time: message.created.getTime() },
    });
  } catch (err) {
    ctx.deps.log.warn({ err, workflowId: wf.id }, "async workflow result could not be delivered");
  }
}

/** Runs the workflow inside the turn: Output text streams into the answer, a pause asks the question. */
async function runInTurn(
  ctx: ToolBuildContext,
  wf: ToolWorkflow,
  component: ComponentSnapshot,
  bind: ToolBind,
  start: RunStart,
  input: Record<string, unknown>,
  toolCtx: ToolContext,
) {
  const conversationId = Number(toolCtx.variables.CONVERSATION_ID);
  const outcome = await runChatWorkflow(ctx, wf, start, toolCtx, (text) => toolCtx.processOutput?.(text));
  if (outcome.status === "PAUSED" && outcome.state) {
    const question = questionOf(outcome);
    if (!Number.isInteger(conversationId)) throw new Error("工作流需要用户回答问题，但当前没有会话");
    await savePause(ctx, wf.id, conversationId, { engine: outcome.state, componentId: component.id, input });
    toolCtx.finishWith?.({ reason: "QUESTION", text: questionText(question), options: question.options });
    return { status: "STOP_WAIT_ANSWER", question: question.question, options: question.options };
  }
  // The invoker turns a throw into a FAILED step and tells the model (or ends the turn when exceptionOut).
  if (!outcome.success) throw new Error(failureOf(outcome, wf.graph));
  if (bind.directOutput === 1) toolCtx.finishWith?.({ reason: "DIRECT_OUTPUT", text: directText(outcome) });
  return forModel(resultOf(outcome));
}

export interface WorkflowTool extends RuntimeTool {
  /** Continues the run this tool's workflow paused in the conversation, with the user's answer. */
  resume(pause: ChatPause, answer: string, toolCtx: ToolContext): Promise<unknown>;
}

/** A workflow bound to an agent as the model's tool (reference original-backend.md §5.5). */
export function workflowTool(component: ComponentSnapshot, wf: ToolWorkflow, ctx: ToolBuildContext): WorkflowTool {
  const bind = toolBindSchema.parse(component.bindConfig ?? {});
  const args = boundArgs(startArgs(wf.graph), bind.inputArgBindConfigs);
  const label = wf.name || component.name;
  const modelArgs = args.filter(askedOfModel);
  const candidate = label.trim().toLowerCase().replace(/\s+/g, "_");
  /**
   * AUTO calls carry only the user's message: when inputs are required, the model reads them from it (one call,
   * as for plugins); otherwise, or when that fails, the message fills the first required text input.
   */
  const autoArgs = async (given: Record<string, unknown>) => {
    if (bind.invokeType !== "AUTO" || typeof given.query !== "string") return given;
    const required = modelArgs.filter((a) => a.require);
    if (!required.length) return {};
    const extracted = await extractAutoArgs(ctx, inputSchemaOf(modelArgs), given.query);
    const text = required.find((a) => a.dataType === "String");
    return extracted ?? (text ? { [text.name]: given.query } : {});
  };
  return {
    name: /^[a-z0-9_]{1,64}$/.test(candidate) ? candidate : `workflow${component.targetId}`,
    label,
    type: "Workflow",
    targetId: component.targetId,
    componentId: component.id,
    description: component.description || wf.description || label,
    inputSchema: inputSchemaOf(modelArgs),
    mode: bind.invokeType,
    exceptionOut: Number(component.exceptionOut) === 1,
    fallbackMsg: component.fallbackMsg ?? "",
    async execute(given, toolCtx) {
      const params = startParams(args, await autoArgs(given), toolCtx.variables);
      if (bind.async === 1) {
        const conversationId = Number(toolCtx.variables.CONVERSATION_ID);
        // The turn ends long before the run: the run neither stops with it nor writes into its answer.
        const detached = { variables: { ...toolCtx.variables }, setVariable: toolCtx.setVariable };
        void reportAsync(ctx, wf, component.id, params, conversationId, (onOutput) =>
          runChatWorkflow(ctx, wf, { params }, detached, onOutput),
        );
        return `工作流已开始异步执行，请用这句话回复用户：${bind.asyncReplyContent}`;
      }
      return runInTurn(ctx, wf, component, bind, { params }, params, toolCtx);
    },
    resume(pause, answer, toolCtx) {
      return runInTurn(ctx, wf, component, bind, { resume: { state: pause.engine, answer } }, pause.input, toolCtx);
    },
  };
}

/** The Workflow kind's tool factory: null when the workflow (or its publication) is gone. */
export const workflowToolFactory: ToolFactory = async (component, ctx) => {
  const wf = await loadToolWorkflow(ctx, component.targetId);
  return wf ? workflowTool(component, wf, ctx) : null;
};
