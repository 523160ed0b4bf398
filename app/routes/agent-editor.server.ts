import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data, redirect } from "react-router";
import type { z } from "zod";
import { endpoints } from "#contract/api";
import type { UpdateAgentInput, Variable } from "#contract/api/agent";
import {
  type EditorIntent,
  type EditorReply,
  editorSchemas,
  isEditorIntent,
  modelPresets,
} from "../components/agent-editor/schemas";
import { variablesOf } from "../components/agent-editor/variable-section";
import type { ApiError } from "../lib/api.server";
import { apiCall, type DataOf, tryApiCall } from "../lib/api-call.server";
import { replyWithApiError } from "../lib/form.server";
import { redirectWithToast } from "../lib/toast.server";

const { agent: agents, component, model } = endpoints;

export type HistoryEntry = DataOf<typeof agents.history>[number];
/** A component-library row; the service lists only models today, other kinds join as their modules arrive. */
export type LibraryItem = DataOf<typeof component.list>[number];
/** A published plugin or workflow the caller favourited on the square (收藏), offered beside the space's own. */
export interface FavouriteTool {
  id: number;
  name: string;
}

/** Up to the list's page limit, newest favourite first. */
const FAVOURITES = { page: 1, pageSize: 100 };
const toolOf = (item: { targetId: number; name: string }): FavouriteTool => ({ id: item.targetId, name: item.name });

/**
 * The agent and everything its editor lists: history, system variables, usable models, the space's components and
 * whether each trigger runs.
 */
export async function loadEditor(context: AppLoadContext, request: Request, spaceId: number, agentId: number) {
  const agent = await apiCall(context, request, agents.get, { params: { agentId } });
  if (agent.spaceId !== spaceId) {
    // An old link after the agent moved to another space: open it where it lives now.
    throw redirect(`/space/${agent.spaceId}/agent/${agent.id}${new URL(request.url).search}`);
  }
  const hasTriggers = agent.agentComponentConfigList?.some((c) => c.type === "Trigger") ?? false;
  const [history, variables, models, library, states, pluginFavourites, workflowFavourites] = await Promise.all([
    apiCall(context, request, agents.history, { params: { agentId } }),
    apiCall(context, request, agents.variables, { params: { agentId } }),
    apiCall(context, request, model.list, { body: { spaceId } }),
    apiCall(context, request, component.list, { params: { spaceId } }),
    // Whether each trigger runs; a reader who may not edit the agent is told nothing (the section shows no state).
    hasTriggers ? tryApiCall(context, request, endpoints.trigger.stateList, { params: { agentId } }) : null,
    apiCall(context, request, endpoints.favourite.pluginCollectList, { body: FAVOURITES }),
    apiCall(context, request, endpoints.favourite.workflowCollectList, { body: FAVOURITES }),
  ]);
  return {
    agent,
    triggerStates: Object.fromEntries((states?.ok ? states.data : []).map((st) => [st.id, st])),
    history,
    systemVariables: variables.filter((v) => v.systemVariable),
    models: models.filter((m) => m.enabled === 1 && (m.type === "Chat" || m.type === "Multi")),
    library,
    favourites: { Plugin: pluginFavourites.map(toolOf), Workflow: workflowFavourites.map(toolOf) },
  };
}

/** Query parameters that only open something (a variable's edit form); dropped once its action is done. */
export function editorUrl(request: Request) {
  const url = new URL(request.url);
  url.searchParams.delete("variable");
  return url.pathname + url.search;
}

/** "参数 'bindConfig.variables.2.bindValue' 默认值…" → the variable form's field and the message. */
function variableFieldError(message: string) {
  const match = /^参数 'bindConfig\.variables\.\d+\.([\w.]+)' (.+)$/.exec(message);
  if (!match?.[1] || !match[2]) return null;
  const path = match[1];
  const field = path === "bindValue" ? "defaultValue" : path.startsWith("selectConfig") ? "options" : path;
  return { field, message: match[2] };
}

/** A default value typed as text, turned into the variable's type where text is not enough. */
function parseDefault(text: string | undefined, dataType: string, inputType: string): unknown {
  if (text === undefined || text === "") return undefined;
  if (inputType === "MultipleSelect")
    return text
      .split(/[,，\n]/)
      .map((s) => s.trim())
      .filter(Boolean);
  if (dataType.startsWith("Array_") || dataType === "Object") {
    try {
      return JSON.parse(text);
    } catch {
      return dataType === "Object" ? text : text.split(/[,，]/).map((s) => s.trim());
    }
  }
  return text;
}

/** Every editor form posts here with an `intent`. Autosaves get data back; plain posts redirect with a toast. */
export async function editorAction(context: AppLoadContext, request: Request, agentId: number) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (!isEditorIntent(intent)) throw data({ code: "4000", message: "未知的操作", tid: "" }, { status: 400 });
  const key = String(formData.get("key") ?? "") || undefined;
  const submission = parseWithZod(formData, { schema: editorSchemas[intent] });
  if (submission.status !== "success") return { intent, key, result: submission.reply() } satisfies EditorReply;

  const autosave = formData.get("autosave") === "1";
  const done = async (message: string) =>
    autosave
      ? ({ intent, saved: true, result: submission.reply() } satisfies EditorReply)
      : redirectWithToast(context, editorUrl(request), { type: "success", message });
  const failed = (error: ApiError): EditorReply => ({ intent, key, result: replyWithApiError(submission, error) });
  const updateConfig = async (fields: Omit<UpdateAgentInput, "id">, message = "已保存") => {
    const res = await tryApiCall(context, request, agents.configUpdate, { body: { id: agentId, ...fields } });
    return res.ok ? done(message) : failed(res.error);
  };
  const getAgent = () => apiCall(context, request, agents.get, { params: { agentId } });
  const value = submission.value;

  switch (value.intent) {
    case "info":
      return updateConfig({ name: value.name, description: value.description ?? "", icon: value.icon ?? "" });
    case "prompt":
      return updateConfig({ systemPrompt: value.systemPrompt ?? "" }, "提示词已保存");
    case "memory":
      return updateConfig({ openLongMemory: value.on ? "Open" : "Close" });
    case "filebox":
      return updateConfig({ openFileBox: value.on ? "Open" : "Close" });
    case "schedule":
      return updateConfig({ openScheduledTask: value.on ? "Open" : "Close" });
    case "suggest":
      return updateConfig({ openSuggest: value.on ? "Open" : "Close", suggestPrompt: value.suggestPrompt ?? "" });
    case "opening": {
      // Only Question rows are edited here; link and page rows (set through the API) are kept as they are.
      const kept = (await getAgent()).guidQuestionDtos.filter((q) => q.type !== "Question");
      const questions = value.questions
        .filter((q): q is string => Boolean(q))
        .map((info) => ({ type: "Question" as const, info }));
      return updateConfig({ openingChatMsg: value.openingChatMsg ?? "", guidQuestionDtos: [...questions, ...kept] });
    }
    case "shortcuts":
      return updateConfig({
        shortcutInstructions: value.shortcuts.filter((s): s is { name: string; content: string } =>
          Boolean(s.name && s.content),
        ),
      });
    case "model": {
      const model = (await getAgent()).modelComponentConfig;
      if (!model) throw data({ code: "4040", message: "模型组件不存在", tid: "" }, { status: 404 });
      const preset = value.mode === "Customization" ? null : modelPresets[value.mode];
      const res = await tryApiCall(context, request, agents.modelUpdate, {
        body: {
          id: model.id,
          targetId: value.modelId,
          bindConfig: {
            mode: value.mode,
            temperature: preset?.temperature ?? value.temperature,
            topP: preset?.topP ?? value.topP,
            maxTokens: value.maxTokens,
            contextRounds: value.contextRounds,
          },
        },
      });
      return res.ok ? done("模型设置已保存") : failed(res.error);
    }
    case "variable-save":
    case "variable-delete":
      return saveVariables(context, request, agentId, submission, value);
    case "component-add": {
      const res = await tryApiCall(context, request, agents.componentAdd, {
        body: { agentId, type: value.type, targetId: value.targetId },
      });
      return res.ok ? done("已添加") : failed(res.error);
    }
    case "trigger-add": {
      const [componentType, componentId] = value.target.split(":");
      const res = await tryApiCall(context, request, agents.componentAdd, {
        body: {
          agentId,
          type: "Trigger",
          bindConfig: {
            name: value.name,
            triggerType: value.triggerType,
            cronExpression: value.cronExpression,
            componentType,
            componentId: Number(componentId),
          },
        },
      });
      return res.ok ? done("触发器已添加") : failed(res.error);
    }
    case "component-delete": {
      const res = await tryApiCall(context, request, agents.componentDelete, { params: { id: value.componentId } });
      return res.ok ? done("已移除") : failed(res.error);
    }
  }
}

type VariableValue = z.infer<(typeof editorSchemas)["variable-save"] | (typeof editorSchemas)["variable-delete"]>;

/** Variables are saved as the whole list (the Variable component's bindConfig), like the original editor. */
async function saveVariables(
  context: AppLoadContext,
  request: Request,
  agentId: number,
  submission: Submission<unknown>,
  value: VariableValue,
) {
  const intent: EditorIntent = value.intent;
  const agent = await apiCall(context, request, agents.get, { params: { agentId } });
  const component = agent.agentComponentConfigList?.find((c) => c.type === "Variable");
  if (!component) throw data({ code: "4040", message: "变量组件不存在", tid: "" }, { status: 404 });
  const current = variablesOf(agent);
  let next: Variable[];
  let message: string;
  if (value.intent === "variable-delete") {
    next = current.filter((v) => (v.key || v.name) !== value.key);
    message = `已删除变量 ${value.key}`;
  } else {
    const index = value.key ? current.findIndex((v) => (v.key || v.name) === value.key) : -1;
    const existing = index >= 0 ? current[index] : undefined;
    const options = (value.options ?? "")
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean)
      .map((option) => ({ label: option, value: option }));
    const choosing = value.inputType === "Select" || value.inputType === "MultipleSelect";
    const variable: Variable = {
      key: existing?.key || value.name,
      name: value.name,
      displayName: value.displayName ?? "",
      description: value.description ?? "",
      dataType: value.dataType,
      require: value.require,
      enable: existing?.enable ?? true,
      systemVariable: false,
      inputType: value.inputType,
      selectConfig: choosing ? { dataSourceType: "MANUAL", options } : null,
      bindValue: parseDefault(value.defaultValue, value.dataType, value.inputType),
    };
    next = index >= 0 ? current.map((v, i) => (i === index ? variable : v)) : [...current, variable];
    message = existing ? `变量 ${value.name} 已保存` : `已添加变量 ${value.name}`;
  }
  const res = await tryApiCall(context, request, agents.variableUpdate, {
    body: { id: component.id, bindConfig: { variables: next } },
  });
  if (!res.ok) {
    const located = variableFieldError(res.error.message);
    const result = located
      ? submission.reply({ fieldErrors: { [located.field]: [located.message] } })
      : replyWithApiError(submission, res.error);
    return { intent, key: value.key, result } satisfies EditorReply;
  }
  return redirectWithToast(context, editorUrl(request), { type: "success", message });
}
