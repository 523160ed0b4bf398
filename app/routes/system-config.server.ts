import { parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "react-router";
import { endpoints } from "#contract/api";
import { type ConfigCategory, configBody, configGroups, configSchema } from "../components/system/config-fields";
import type { SelectOption } from "../components/ui/select";
import { apiCall, tryApiCall } from "../lib/api-call.server";
import { replyWithApiError } from "../lib/form.server";
import { redirectWithToast } from "../lib/toast.server";

export const listConfig = (context: AppLoadContext, request: Request) =>
  apiCall(context, request, endpoints.system.configList);

export function groupOf(value: string | null): ConfigCategory {
  return configGroups.find((g) => g.key === value)?.key ?? "BaseConfig";
}

const unset: SelectOption = { value: "", label: "未设置" };

/**
 * Choices for the settings that point at models (by kind, enabled, tenant-wide) or at square agents. `agentKw`
 * (the page's search form without JavaScript) narrows the agents; the stored one always stays listed.
 */
export async function referenceOptions(
  context: AppLoadContext,
  request: Request,
  group: ConfigCategory,
  current: { agentId: string; agentKw: string } = { agentId: "", agentKw: "" },
) {
  const options: Record<string, SelectOption[]> = {};
  if (group === "ModelSetting") {
    const models = await apiCall(context, request, endpoints.model.systemListAll);
    const of = (type: (typeof models)[number]["type"]) => [
      unset,
      ...models
        .filter((m) => m.type === type && m.enabled === 1 && m.scope !== "Space")
        .map((m) => ({ value: String(m.id), label: m.builtin ? `${m.name}（内置）` : m.name })),
    ];
    options.defaultChatModelId = of("Chat");
    options.defaultSuggestModelId = of("Chat");
    options.defaultEmbedModelId = of("Embeddings");
  }
  if (group === "AgentSetting") {
    const published = await apiCall(context, request, endpoints.publish.publishedList, {
      body: { pageNo: 1, pageSize: 100, queryFilter: { targetType: "Agent" } },
    });
    const kw = current.agentKw.toLowerCase();
    options.defaultAgentId = [
      unset,
      ...published.records
        .filter((p) => p.scope === "Tenant")
        .filter((p) => !kw || p.name.toLowerCase().includes(kw) || String(p.targetId) === current.agentId)
        .map((p) => ({ value: String(p.targetId), label: `${p.name}（ID ${p.targetId}）` })),
    ];
  }
  return options;
}

/** Saves one group: only its settings are sent, a secret only when something was typed. */
export async function saveConfigGroup(context: AppLoadContext, request: Request) {
  const formData = await request.formData();
  const group = groupOf(String(formData.get("group")));
  const items = (await listConfig(context, request)).filter((i) => i.category === group);
  const submission = parseWithZod(formData, { schema: configSchema(items) });
  if (submission.status !== "success") return submission.reply();
  const res = await tryApiCall(context, request, endpoints.system.configAdd, {
    body: configBody(items, submission.value as Record<string, unknown>),
  });
  if (!res.ok) return replyWithApiError(submission, res.error);
  return redirectWithToast(context, `/system/config?tab=${group}`, { type: "success", message: "保存成功" });
}
