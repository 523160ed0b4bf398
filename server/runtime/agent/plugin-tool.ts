import type { Arg } from "#contract/args";
import { toolBindSchema } from "#contract/components";
import { systemVariables } from "#server/modules/agent/variables";
import { insertMessage } from "#server/modules/conversation";
import { pushEvent } from "#server/modules/notify";
import { executePlugin, readPath } from "../plugin";
import { extractAutoArgs } from "./plugin-auto";
import { loadToolPlugin, type ToolPlugin } from "./plugin-loader";
import { boundArgs, callValues, hasBinding, inputSchemaOf, shownToModel, toolNameOf } from "./plugin-schema";
import type { ComponentSnapshot, RuntimeTool, ToolBuildContext, ToolContext, ToolFactory } from "./tools";

type ToolBind = ReturnType<typeof toolBindSchema.parse>;
type CardBind = NonNullable<ToolBind["cardBindConfig"]>;

const systemNames = new Set(systemVariables.map((v) => v.name));
const sysVarsOf = (variables: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(variables).filter(([k]) => systemNames.has(k)));

/** A path read against a result, with or without a leading `data.` (the card editor offers both forms). */
function read(value: unknown, path: string | undefined) {
  if (!path) return undefined;
  const direct = readPath(value, path);
  return direct !== undefined || !path.startsWith("data.") ? direct : readPath(value, path.slice(5));
}

/**
 * The cards a result fills (original-backend.md §6 PROCESSING): LIST — one card per item of the array at
 * `bindArray`, at most `maxCardCount`, empty ones dropped; SINGLE — one card from the result. Each card maps the
 * template's keys to values at their bound paths, plus the link. Null when nothing could be filled.
 */
export function cardDataOf(card: CardBind, data: unknown) {
  const cardOf = (source: unknown) => {
    const out: Record<string, unknown> = {};
    for (const { key, bindValue } of card.cardArgsBindConfigs) {
      const path =
        card.bindArray && bindValue.startsWith(`${card.bindArray}.`)
          ? bindValue.slice(card.bindArray.length + 1)
          : bindValue;
      const value = read(source, path.replace(/^\[Array_Item\]\./, ""));
      if (value !== undefined && value !== null && value !== "") out[key] = value;
    }
    const link = read(source, card.bindLinkUrl);
    if (typeof link === "string" && link) out.bindLinkUrl = link;
    return Object.keys(out).length ? out : null;
  };
  if (card.bindCardStyle === "LIST") {
    const list = read(data, card.bindArray);
    if (!Array.isArray(list)) return null;
    const cards = list
      .map(cardOf)
      .filter((c) => c !== null)
      .slice(0, card.maxCardCount);
    return cards.length ? cards : null;
  }
  return cardOf(data);
}

/** AUTO calls carry only the user's message: it fills the first required text arg the binding leaves open. */
function autoValues(args: Arg[], given: Record<string, unknown>) {
  if (args.some((a) => a.name === "query") || typeof given.query !== "string") return given;
  const open = args.find(
    (a) => shownToModel(a) && a.require && a.dataType === "String" && (a.bindValue === undefined || a.bindValue === ""),
  );
  return open ? { [open.name]: given.query } : {};
}

/** The finished async run told to the user as a new answer in the conversation (and the chat page refreshed). */
async function reportAsync(
  ctx: ToolBuildContext,
  plugin: ToolPlugin,
  variables: Record<string, unknown>,
  run: ReturnType<typeof executePlugin>,
) {
  const conversationId = Number(variables.CONVERSATION_ID);
  try {
    const outcome = await run;
    const text = outcome.success
      ? `「${plugin.name}」已运行完成，结果如下：\n\n\`\`\`json\n${JSON.stringify(outcome.result.data, null, 2)}\n\`\`\``
      : `「${plugin.name}」运行失败：${outcome.error}`;
    if (!Number.isInteger(conversationId)) return;
    const message = await insertMessage(ctx.deps.db, {
      conversationId,
      requestId: outcome.requestId,
      role: "ASSISTANT",
      text,
    });
    await pushEvent(ctx.deps.db, ctx.userId, "refresh_chat_message", {
      conversationId,
      message: { id: message.id, role: "ASSISTANT", type: "CHAT", text, time: message.created.getTime() },
    });
  } catch (err) {
    ctx.deps.log.warn({ err, pluginId: plugin.id }, "async plugin result could not be delivered");
  }
}

/** The most of a result the model reads: a plugin may answer up to 2 MB, a model's context holds far less. */
const MAX_RESULT_CHARS = 20_000;
function forModel(data: unknown) {
  const text = typeof data === "string" ? data : JSON.stringify(data);
  if (!text || text.length <= MAX_RESULT_CHARS) return data;
  return `${text.slice(0, MAX_RESULT_CHARS)}…（结果过长，已截断，共 ${text.length} 个字符）`;
}

/** A plugin bound to an agent as the model's tool (reference original-backend.md §5.5). */
export function pluginTool(component: ComponentSnapshot, plugin: ToolPlugin, ctx: ToolBuildContext): RuntimeTool {
  const bind = toolBindSchema.parse(component.bindConfig ?? {});
  const args = boundArgs(plugin.config.inputArgs ?? [], bind.inputArgBindConfigs);
  const config = { ...plugin.config, inputArgs: args };
  const card = bind.cardBindConfig ?? undefined;
  const label = plugin.name || component.name;
  const needsArgs = args.some((a) => shownToModel(a) && a.require && !hasBinding(a));
  /** AUTO calls carry the user's message: the model reads the arguments from it when some are required. */
  const autoArgs = async (given: Record<string, unknown>) => {
    const fallback = autoValues(args, given);
    if (!needsArgs || typeof given.query !== "string") return fallback;
    return (await extractAutoArgs(ctx, inputSchemaOf(args), given.query)) ?? fallback;
  };
  const run = async (given: Record<string, unknown>, toolCtx: ToolContext) => {
    const values = bind.invokeType === "AUTO" ? await autoArgs(given) : given;
    const params = callValues(args, values, toolCtx.variables);
    const sysVars = sysVarsOf(toolCtx.variables);
    return executePlugin(
      ctx.deps,
      plugin.type === "HTTP"
        ? { type: "HTTP", pluginId: plugin.id, config, params, sysVars }
        : { type: "CODE", codeLang: plugin.codeLang, pluginId: plugin.id, config, params, sysVars },
    );
  };
  return {
    name: toolNameOf(label, component.targetId),
    label,
    type: "Plugin",
    targetId: component.targetId,
    componentId: component.id,
    description: component.description || plugin.description || label,
    inputSchema: inputSchemaOf(args),
    mode: bind.invokeType,
    exceptionOut: Number(component.exceptionOut) === 1,
    fallbackMsg: component.fallbackMsg ?? "",
    cardBindConfig: card,
    cardData: card ? (data) => cardDataOf(card, data) : undefined,
    async execute(given, toolCtx) {
      if (bind.async === 1) {
        void reportAsync(ctx, plugin, { ...toolCtx.variables }, run(given, toolCtx));
        return `插件已开始异步执行，请用这句话回复用户：${bind.asyncReplyContent}`;
      }
      const outcome = await run(given, toolCtx);
      // The invoker turns a throw into a FAILED step and tells the model (or ends the turn when exceptionOut).
      if (!outcome.success) throw new Error(outcome.error ?? "插件执行失败");
      return forModel(outcome.result.data);
    },
  };
}

/** The Plugin kind's tool factory: null when the plugin (or its publication) is gone. */
export const pluginToolFactory: ToolFactory = async (component, ctx) => {
  const plugin = await loadToolPlugin(ctx, component.targetId);
  return plugin ? pluginTool(component, plugin, ctx) : null;
};
