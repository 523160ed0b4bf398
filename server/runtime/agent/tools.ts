import type { JSONSchema7 } from "@ai-sdk/provider";
import type { Deps } from "#server/core";
import type { Variable } from "#server/modules/agent/contract";
import type { AgentSnapshot } from "#server/modules/agent/dto";
import { toolFactoryOf } from "#server/modules/component/kinds";
import type { ModelRow } from "#server/modules/model";
import { scheduledTaskTool } from "#server/modules/task/tool";

export type InvokeMode = "AUTO" | "ON_DEMAND" | "MANUAL" | "MANUAL_ON_DEMAND";

export interface ToolContext {
  variables: Record<string, unknown>;
  setVariable(name: string, value: unknown): Promise<void>;
  /** The turn's abort signal: a stopped or failed turn ends the tool's work too. */
  signal?: AbortSignal;
  /** Streams text into the answer while the tool still runs (a workflow's Output nodes, PROCESS_OUTPUT). */
  processOutput?(text: string): void;
  /** Ends the turn with this text once the tool returns: the model is not asked again. */
  finishWith?(end: TurnEnd): void;
}

/** How a tool may end the turn: a direct-output answer, or a workflow's QA question the next message answers. */
export type TurnEnd =
  | { reason: "DIRECT_OUTPUT"; text: string }
  | { reason: "QUESTION"; text: string; options: { index: string; content: string }[] };

/** One thing the model can use: a component (plugin, workflow, knowledge, table…) or a built-in helper. */
export interface RuntimeTool {
  name: string;
  label: string;
  type: string;
  targetId: number;
  componentId: number | null;
  description: string;
  inputSchema: JSONSchema7;
  mode: InvokeMode;
  exceptionOut: boolean;
  fallbackMsg: string;
  cardBindConfig?: unknown;
  /** The cards a result shows in the chat's side panel; null when the result has nothing to show. */
  cardData?(data: unknown): unknown;
  execute(args: Record<string, unknown>, ctx: ToolContext): Promise<unknown>;
}

export type ComponentSnapshot = AgentSnapshot["components"][number];

/** Who runs the turn: what a factory needs to find its target (the draft in the editor's debug chat). */
export interface ToolBuildContext {
  deps: Deps;
  tenantId: number;
  userId: number;
  agentId: number;
  /** The editor's debug chat or a temporary link: drafts run, not publications. */
  devMode: boolean;
  /** The turn's model, for tools that ask it something themselves (AUTO plugin arguments). */
  model?: ModelRow;
}

/**
 * Builds tools for one kind of component. Knowledge, plugins, workflows and tables register theirs with their
 * kind (server/modules/component/registry.ts) as their modules arrive; each returns null when its target is gone.
 * A component may give several tools (a data table: insert and SQL).
 */
type Built = RuntimeTool | RuntimeTool[] | null;
export type ToolFactory = (component: ComponentSnapshot, ctx: ToolBuildContext) => Built | Promise<Built>;

/** A finished step's card fields: both when the tool binds cards and its result fills some, neither otherwise. */
export function cardFields(t: RuntimeTool, data: unknown) {
  const cardData = t.cardBindConfig ? t.cardData?.(data) : null;
  return cardData === null || cardData === undefined ? {} : { cardBindConfig: t.cardBindConfig, cardData };
}

/** Lets the model remember what the user said about themselves in the agent's own variables. */
function variableTool(variables: Variable[]): RuntimeTool | null {
  const settable = variables.filter((v) => v.enable !== false);
  if (!settable.length) return null;
  const names = settable.map((v) => v.name);
  return {
    name: "set_variable",
    label: "变量设置",
    type: "Variable",
    targetId: -1,
    componentId: null,
    description: `记录用户提供的信息到会话变量。可用变量：${settable.map((v) => `${v.name}（${v.displayName || v.description || v.name}）`).join("、")}`,
    inputSchema: {
      type: "object",
      properties: {
        name: { type: "string", enum: names, description: "变量名" },
        value: { type: "string", description: "变量值" },
      },
      required: ["name", "value"],
      additionalProperties: false,
    },
    mode: "ON_DEMAND",
    exceptionOut: false,
    fallbackMsg: "",
    async execute(args, ctx) {
      const name = String(args.name ?? "");
      if (!names.includes(name)) throw new Error(`变量 ${name} 不存在`);
      await ctx.setVariable(name, args.value);
      return { name, value: args.value };
    },
  };
}

/**
 * The tools of one turn, honouring invocation modes: AUTO runs before the model every turn, ON_DEMAND is
 * offered to the model, MANUAL / MANUAL_ON_DEMAND only when the user selected them (then as AUTO / ON_DEMAND).
 */
export async function toolsForTurn(config: AgentSnapshot, selectedComponentIds: Set<number>, ctx: ToolBuildContext) {
  const auto: RuntimeTool[] = [];
  const onDemand: RuntimeTool[] = [];
  const components = config.components as ComponentSnapshot[];
  // Factories may read their targets from the database: all at once, in the components' order.
  const built = await Promise.all(components.map((c) => toolFactoryOf(c.type)?.(c, ctx) ?? null));
  for (const [index, component] of components.entries()) {
    const selected = selectedComponentIds.has(component.id);
    for (const tool of [built[index] ?? []].flat()) {
      if (tool.mode === "AUTO" || (tool.mode === "MANUAL" && selected)) auto.push(tool);
      else if (tool.mode === "ON_DEMAND" || (tool.mode === "MANUAL_ON_DEMAND" && selected)) onDemand.push(tool);
    }
  }
  const variables = (config.components.find((c) => c.type === "Variable")?.bindConfig.variables ?? []) as Variable[];
  const setVariable = variableTool(variables);
  if (setVariable) onDemand.push(setVariable);
  const scheduleTask = scheduledTaskTool(config, ctx);
  if (scheduleTask) onDemand.push(scheduleTask);
  const seen = new Set<string>();
  const unique = (list: RuntimeTool[]) => list.filter((t) => !seen.has(t.name) && seen.add(t.name));
  return { auto: unique(auto), onDemand: unique(onDemand) };
}
