import { type AppLoadContext, data, redirect } from "react-router";
import { apiCall, tryApiCall } from "#app/lib/api-call.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { agentIdParam, idParam, spaceIdParam } from "#app/lib/url";
import { endpoints } from "#contract/api";
import { table as tables } from "#contract/api/table";
import { type BindingDraft, bindConfigOf, bindingDraftOf, readBindingForm } from "../components/table/binding";
import { agentEditorPath } from "../components/table/paths";

const { agent: agents } = endpoints;

async function loadParts(
  context: AppLoadContext,
  request: Request,
  params: { spaceId?: string; agentId?: string; componentId?: string },
) {
  const spaceId = spaceIdParam(params.spaceId);
  const agentId = agentIdParam(params.agentId);
  const componentId = idParam(params.componentId, "数据表组件不存在");
  const agent = await apiCall(context, request, agents.get, { params: { agentId } });
  if (agent.spaceId !== spaceId) throw redirect(`${agentEditorPath(agent.spaceId, agentId)}/table/${componentId}`);
  const component = agent.agentComponentConfigList?.find((c) => c.id === componentId && c.type === "Table");
  if (!component) throw data({ code: "4040", message: "数据表组件不存在", tid: "" }, { status: 404 });
  const table = await apiCall(context, request, tables.detail, { query: { id: component.targetId } });
  return { spaceId, agentId, agent, component, table };
}

/** The bound table's settings as the form, with the variables a field or a condition may take its value from. */
export async function loadBinding(
  context: AppLoadContext,
  request: Request,
  params: { spaceId?: string; agentId?: string; componentId?: string },
) {
  const { spaceId, agentId, agent, component, table } = await loadParts(context, request, params);
  const variables = await apiCall(context, request, agents.variables, { params: { agentId } });
  return {
    agent: { id: agentId, spaceId, name: agent.name },
    table: { id: table.id, tableName: table.tableName },
    draft: bindingDraftOf(component.bindConfig, table.fieldList),
    variables: variables.map((v) => ({
      name: v.name,
      label: v.displayName ? `${v.displayName}（${v.name}）` : v.name,
      system: v.systemVariable === true,
    })),
  };
}

export interface BindingReply {
  draft: BindingDraft;
  formError: string;
}

/** Saves through the Table component's update path, keeping what the form does not edit. */
export async function bindingAction(
  context: AppLoadContext,
  request: Request,
  params: { spaceId?: string; agentId?: string; componentId?: string },
) {
  const { spaceId, agentId, component, table } = await loadParts(context, request, params);
  const draft = readBindingForm(await request.formData(), table.fieldList);
  const res = await tryApiCall(context, request, agents.tableUpdate, {
    body: { id: component.id, bindConfig: bindConfigOf(draft, component.bindConfig) },
  });
  if (!res.ok) return { draft, formError: res.error.message } satisfies BindingReply;
  return redirectWithToast(context, agentEditorPath(spaceId, agentId), {
    type: "success",
    message: `数据表「${table.tableName}」的设置已保存`,
  });
}
