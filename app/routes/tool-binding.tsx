import { ArrowLeft } from "lucide-react";
import { type AppLoadContext, data, Link, redirect } from "react-router";
import {
  readToolForm,
  type ToolBindingDraft,
  type ToolKind,
  toolDraftErrors,
  toolDraftOf,
  toolUpdateOf,
} from "#app/components/agent-editor/tool-binding";
import { ToolSettingsForm } from "#app/components/agent-editor/tool-settings-form";
import { Card } from "#app/components/ui/card";
import { apiCall, tryApiCall } from "#app/lib/api-call.server";
import { pageTitle } from "#app/lib/meta";
import { redirectWithToast } from "#app/lib/toast.server";
import { agentIdParam, idParam, spaceIdParam } from "#app/lib/url";
import { endpoints } from "#contract/api";
import type { Arg } from "#contract/args";
import type { Route } from "./+types/tool-binding";

const { agent: agents, plugin: plugins, workflow: workflows } = endpoints;
const kindLabels: Record<ToolKind, string> = { Plugin: "插件", Workflow: "工作流" };
const editorPath = (spaceId: number, agentId: number) => `/space/${spaceId}/agent/${agentId}`;

type Params = Route.LoaderArgs["params"];

/**
 * The tool's input arguments as it declares them now: a plugin's input args, a workflow's Start node
 * inputs. A tool the builder can no longer read (deleted, moved) is shown with the arguments the binding stored.
 */
async function declaredArgs(context: AppLoadContext, request: Request, kind: ToolKind, targetId: number) {
  if (kind === "Plugin") {
    // The agent calls the published version, so its arguments come first; the draft when none is visible.
    const published = await tryApiCall(context, request, plugins.published, { params: { pluginId: targetId } });
    if (published.ok) return published.data.inputArgs;
    const res = await tryApiCall(context, request, plugins.get, { params: { pluginId: targetId } });
    return res.ok ? res.data.config.inputArgs : null;
  }
  const res = await tryApiCall(context, request, workflows.get, { params: { workflowId: targetId } });
  return res.ok ? ((res.data.startNode.nodeConfig.inputArgs ?? []) as Arg[]) : null;
}

/** The agent's Plugin or Workflow component named by the address (404 for any other), with its arguments. */
async function loadParts(context: AppLoadContext, request: Request, params: Params) {
  const spaceId = spaceIdParam(params.spaceId);
  const agentId = agentIdParam(params.agentId);
  const componentId = idParam(params.componentId, "插件或工作流组件不存在");
  const agent = await apiCall(context, request, agents.get, { params: { agentId } });
  if (agent.spaceId !== spaceId) throw redirect(`${editorPath(agent.spaceId, agentId)}/tool/${componentId}`);
  const component = agent.agentComponentConfigList?.find(
    (c) => c.id === componentId && (c.type === "Plugin" || c.type === "Workflow"),
  );
  if (!component) throw data({ code: "4040", message: "插件或工作流组件不存在", tid: "" }, { status: 404 });
  const kind = component.type as ToolKind;
  const declared = await declaredArgs(context, request, kind, component.targetId);
  const stored = (component.bindConfig.inputArgBindConfigs ?? []) as Arg[];
  const variables = await apiCall(context, request, agents.variables, { params: { agentId } });
  return {
    spaceId,
    agentId,
    agent,
    component,
    kind,
    declared: declared ?? stored,
    missing: declared === null,
    variables: variables.map((v) => ({
      name: v.name,
      label: v.displayName ? `${v.displayName}（${v.name}）` : v.name,
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageTitle(
    matches,
    loaderData ? `${loaderData.component.name} · ${kindLabels[loaderData.kind]}设置` : "插件或工作流设置",
  );

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { spaceId, agentId, agent, component, kind, declared, missing, variables } = await loadParts(
    context,
    request,
    params,
  );
  return {
    agent: { id: agentId, spaceId, name: agent.name },
    component: { id: component.id, name: component.name },
    kind,
    missing,
    variables,
    draft: toolDraftOf(component, declared),
  };
}

export interface ToolBindingReply {
  draft: ToolBindingDraft;
  errors: Record<string, string>;
  formError?: string;
}

/** Saves through the kind's component update path, keeping what the form does not edit; back to the editor. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { spaceId, agentId, component, kind, declared, variables } = await loadParts(context, request, params);
  const draft = readToolForm(await request.formData(), declared, kind);
  const errors = toolDraftErrors(
    draft,
    variables.map((v) => v.name),
  );
  if (Object.keys(errors).length)
    return data({ draft, errors, formError: "请修改标出的设置后再保存" } satisfies ToolBindingReply, { status: 400 });
  const update = kind === "Plugin" ? agents.pluginUpdate : agents.workflowUpdate;
  const res = await tryApiCall(context, request, update, {
    body: { id: component.id, ...toolUpdateOf(draft, component.bindConfig, kind) },
  });
  if (!res.ok) return data({ draft, errors: {}, formError: res.error.message } satisfies ToolBindingReply);
  return redirectWithToast(context, editorPath(spaceId, agentId), {
    type: "success",
    message: `${kindLabels[kind]}「${component.name}」的设置已保存`,
  });
}

/** 智能体编辑 → 插件 / 工作流 → 设置: how the agent calls one bound tool. */
export default function ToolBindingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { agent, component, kind, missing, variables } = loaderData;
  const reply = actionData as ToolBindingReply | undefined;
  const back = editorPath(agent.spaceId, agent.id);
  const label = kindLabels[kind];
  return (
    <div className="flex justify-center p-6">
      <div className="flex w-full max-w-3xl flex-col gap-4">
        <Link to={back} className="inline-flex items-center gap-1 text-[13px] text-gray-600 hover:underline">
          <ArrowLeft className="size-4" aria-hidden />
          返回智能体「{agent.name}」
        </Link>
        <Card title={`${label}设置 · ${component.name}`} description={`智能体如何调用这个${label}。`}>
          {missing ? (
            <p className="mb-4 text-[13px] text-warning-700">
              读取不到这个{label}（可能已删除或没有权限），下面是上次保存的参数。
            </p>
          ) : null}
          <ToolSettingsForm
            kind={kind}
            draft={reply?.draft ?? loaderData.draft}
            variables={variables}
            errors={reply?.errors ?? {}}
            formError={reply?.formError}
            cancelTo={back}
          />
        </Card>
      </div>
    </div>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "#app/components/error-view";
