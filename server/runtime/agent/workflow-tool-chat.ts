import { type ChatEvent, messageEvent } from "./events";
import type { TurnInput } from "./run";
import type { ComponentSnapshot, RuntimeTool, ToolBuildContext, ToolContext, TurnEnd } from "./tools";
import { loadToolWorkflow, workflowTool } from "./workflow-tool";
import { takePause } from "./workflow-tool-run";

/** What the turn's hooks change: the growing answer and how the turn ends. */
export interface HookedTurn {
  text: string;
  dirty: boolean;
  ended: TurnEnd | null;
}

/**
 * The chat side of a workflow run: Output nodes' text joins the answer as PROCESS_OUTPUT at once (original-backend.md
 * §5.6, `<content>\n\n`); a direct-output result or a QA question becomes the answer's text and ends the turn.
 */
export function turnHooks(
  turn: HookedTurn,
  emit: (event: ChatEvent) => void,
  requestId: string,
): Pick<ToolContext, "processOutput" | "finishWith"> {
  return {
    processOutput(text) {
      const chunk = `${text}\n\n`;
      turn.text += chunk;
      turn.dirty = true;
      emit(messageEvent(requestId, "PROCESS_OUTPUT", chunk));
    },
    finishWith(end) {
      if (turn.ended) return;
      turn.ended = end;
      turn.text += end.text;
      turn.dirty = true;
      if (end.reason === "QUESTION") emit(messageEvent(requestId, "QUESTION", end.text, true, null, end.options));
      else emit(messageEvent(requestId, "CHAT", end.text));
    },
  };
}

type Invoke = (t: RuntimeTool, args: Record<string, unknown>, executeId: string) => Promise<unknown>;

/**
 * The user's message answers the workflow a QA node paused in this conversation (original-backend.md §6.5): the
 * run is taken out of storage (any instance, also after a restart) and resumed with the message, shown as its
 * own step. Its result reaches the model like an AUTO tool's (and an AUTO binding does not run it again this
 * turn); a direct output or a new question ends the turn. Null when nothing was waiting.
 */
export async function resumePausedWorkflow(
  ctx: ToolBuildContext,
  turn: Pick<TurnInput, "config" | "conversation" | "message" | "requestId">,
  invoke: Invoke,
) {
  const workflows = (turn.config.components as ComponentSnapshot[]).filter((c) => c.type === "Workflow");
  for (const component of workflows) {
    const pause = await takePause(ctx, component.targetId, turn.conversation.id);
    if (!pause) continue;
    const wf = await loadToolWorkflow(ctx, component.targetId);
    if (!wf) return null;
    const tool = workflowTool(component, wf, ctx);
    const resumed: RuntimeTool = { ...tool, execute: (_args, toolCtx) => tool.resume(pause, turn.message, toolCtx) };
    const data = await invoke(resumed, pause.input, `${turn.requestId}-resume`);
    return {
      componentId: component.id,
      result: `## ${tool.label}\n${typeof data === "string" ? data : JSON.stringify(data)}`,
    };
  }
  return null;
}
