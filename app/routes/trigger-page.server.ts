import { type AppLoadContext, redirect } from "react-router";
import { z } from "zod";
import { endpoints } from "#contract/api";
import { triggerBindSchema } from "#contract/components";
import { parseBindings, parseEventArgs } from "../components/trigger/trigger-text";
import { apiCall, tryApiCall } from "../lib/api-call.server";
import { idParam, pageParam } from "../lib/url";

/** Runs per page of a trigger's run log (the page and its poller, trigger-runs.ts). */
export const RUN_PAGE_SIZE = 10;

/**
 * The agent, its triggers and whether each runs, what they can run, the time zones and presets, and one trigger's
 * run log page.
 */
export async function loadTriggers(
  context: AppLoadContext,
  request: Request,
  params: Record<string, string | undefined>,
) {
  const agentId = idParam(params.agentId, "智能体不存在");
  const agent = await apiCall(context, request, endpoints.agent.get, { params: { agentId } });
  const [components, states, library, zones] = await Promise.all([
    apiCall(context, request, endpoints.agent.componentList, { params: { agentId } }),
    apiCall(context, request, endpoints.trigger.stateList, { params: { agentId } }),
    apiCall(context, request, endpoints.component.list, { params: { spaceId: agent.spaceId } }),
    apiCall(context, request, endpoints.trigger.timeZoneData),
  ]);
  const triggers = components.filter((c) => c.type === "Trigger");
  const search = new URL(request.url).searchParams;
  const selected = triggers.find((t) => t.id === Number(search.get("trigger"))) ?? null;
  const current = pageParam(new URL(request.url));
  const runs = selected
    ? await apiCall(context, request, endpoints.trigger.runList, {
        body: { triggerId: selected.id, current, pageSize: RUN_PAGE_SIZE },
      })
    : null;
  const targets = library
    .filter((i) => i.type === "Plugin" || i.type === "Workflow")
    .map((i) => ({
      value: `${i.type === "Plugin" ? "PLUGIN" : "WORKFLOW"}:${i.id}`,
      label: `${i.type === "Plugin" ? "插件" : "工作流"} · ${i.name}`,
    }));
  return {
    agent,
    triggers,
    states: Object.fromEntries(states.map((st) => [st.id, st])),
    targets,
    zones,
    selected,
    runs,
  };
}

const addSchema = z.object({
  intent: z.literal("add"),
  name: z.string().trim().min(1, "请输入触发器名称").max(64, "最多 64 个字符"),
  triggerType: z.enum(["TIME", "EVENT"], { error: "请选择触发方式" }),
  cronPreset: z.string().optional(),
  cronExpression: z.string().trim().max(100).optional(),
  timeZone: z.string().trim().min(1).default("Asia/Shanghai"),
  target: z.string().regex(/^(PLUGIN|WORKFLOW):\d+$/, "请选择要执行的插件或工作流"),
  eventArgs: z.string().max(5000).default(""),
  argBinds: z.string().max(5000).default(""),
});

export type TriggerReply =
  | { error: string; field?: string }
  /** The outcome of a trigger's own button (启用, 重置令牌), shown above the list. */
  | { notice: string; failed?: boolean }
  | { secret: { id: number; token: string; webhookUrl: string; args: z.infer<typeof triggerBindSchema>["eventArgs"] } };

/** The event arguments of one of the agent's triggers, for the curl example shown with a new token. */
async function eventArgsOf(context: AppLoadContext, request: Request, agentId: number, id: number) {
  const list = await apiCall(context, request, endpoints.agent.componentList, { params: { agentId } });
  return triggerBindSchema.safeParse(list.find((c) => c.id === id)?.bindConfig).data?.eventArgs ?? [];
}

/**
 * add (answers the token once for EVENT triggers), rotate (a new token, shown once) and enable (a copied or stopped
 * trigger starts; an EVENT trigger without a token gets one, shown once).
 */
export async function triggerAction(
  context: AppLoadContext,
  request: Request,
  params: Record<string, string | undefined>,
): Promise<TriggerReply | Response> {
  const agentId = idParam(params.agentId, "智能体不存在");
  const form = Object.fromEntries(await request.formData());
  if (form.intent === "rotate" || form.intent === "enable") {
    const id = Number(form.id);
    const endpoint = form.intent === "rotate" ? endpoints.trigger.rotateToken : endpoints.trigger.enable;
    const res = await tryApiCall(context, request, endpoint, { params: { id } });
    if (!res.ok) return { notice: res.error.message, failed: true };
    if (!res.data.eventBearerToken) return { notice: "触发器已启用" };
    return {
      secret: {
        id,
        token: res.data.eventBearerToken,
        webhookUrl: res.data.webhookUrl!,
        args: await eventArgsOf(context, request, agentId, id),
      },
    };
  }
  const parsed = addSchema.safeParse(form);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { error: issue.message, field: String(issue.path[0] ?? "") };
  }
  const value = parsed.data;
  const events = parseEventArgs(value.eventArgs);
  if ("error" in events) return { error: events.error, field: "eventArgs" };
  const binds = parseBindings(value.argBinds);
  if ("error" in binds) return { error: binds.error, field: "argBinds" };
  const [componentType, componentId] = value.target.split(":") as ["PLUGIN" | "WORKFLOW", string];
  const cron = value.cronExpression || value.cronPreset || "";
  const res = await tryApiCall(context, request, endpoints.trigger.add, {
    body: {
      agentId,
      name: value.name,
      triggerType: value.triggerType,
      timeZone: value.timeZone,
      ...(value.triggerType === "TIME" ? { cronExpression: cron } : {}),
      eventArgs: value.triggerType === "EVENT" ? events.args : [],
      componentType,
      componentId: Number(componentId),
      argBindConfigs: binds.binds,
    },
  });
  if (!res.ok) return { error: res.error.message };
  if (!res.data.eventBearerToken) {
    return redirect(`/space/${params.spaceId}/agent/${agentId}/triggers?trigger=${res.data.id}`);
  }
  return {
    secret: { id: res.data.id, token: res.data.eventBearerToken, webhookUrl: res.data.webhookUrl!, args: events.args },
  };
}
