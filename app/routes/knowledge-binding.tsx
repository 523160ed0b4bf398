import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import {
  type KnowledgeBindingReply,
  KnowledgeSettings,
  knowledgeBindForm,
  knowledgeBindOf,
} from "#app/components/agent-editor/knowledge-settings";
import { buttonClass } from "#app/components/ui/button";
import { Card } from "#app/components/ui/card";
import { apiCall, tryApiCall } from "#app/lib/api-call.server";
import { replyWithApiError } from "#app/lib/form.server";
import { pageTitle } from "#app/lib/meta";
import { redirectWithToast } from "#app/lib/toast.server";
import { agentIdParam, idParam, spaceIdParam } from "#app/lib/url";
import { endpoints } from "#contract/api";
import type { Route } from "./+types/knowledge-binding";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageTitle(matches, loaderData ? `${loaderData.component.name} · 知识库设置` : "知识库设置");

/** The agent's Knowledge component named by the address (404 for any other). */
async function loadBinding(context: Route.LoaderArgs["context"], request: Request, params: Route.LoaderArgs["params"]) {
  const spaceId = spaceIdParam(params.spaceId);
  const agentId = agentIdParam(params.agentId);
  const componentId = idParam(params.componentId, "知识库组件不存在");
  const agent = await apiCall(context, request, endpoints.agent.get, { params: { agentId } });
  const component = agent.agentComponentConfigList?.find((c) => c.id === componentId && c.type === "Knowledge");
  if (!component || agent.spaceId !== spaceId)
    throw data({ code: "4040", message: "知识库组件不存在", tid: "" }, { status: 404 });
  return { agent, component: { ...component, spaceId, agentId } };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { agent, component } = await loadBinding(context, request, params);
  return { agent: { id: agent.id, name: agent.name }, component };
}

/**
 * Saves a binding's settings through /api/agent/component/knowledge/update, merged over what it has (so fields
 * this form does not show, like defaultSelected, are kept). Success goes back to the agent editor.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { component } = await loadBinding(context, request, params);
  const formData = await request.formData();
  formData.set("componentId", String(component.id));
  const submission = parseWithZod(formData, { schema: knowledgeBindForm });
  if (submission.status !== "success") return { result: submission.reply() } satisfies KnowledgeBindingReply;
  const { componentId, noneRecallReply, ...settings } = submission.value;
  const res = await tryApiCall(context, request, endpoints.agent.knowledgeUpdate, {
    body: {
      id: componentId,
      bindConfig: { ...knowledgeBindOf(component.bindConfig), ...settings, noneRecallReply: noneRecallReply ?? "" },
    },
  });
  if (!res.ok) return { result: replyWithApiError(submission, res.error) } satisfies KnowledgeBindingReply;
  return redirectWithToast(context, `/space/${component.spaceId}/agent/${component.agentId}`, {
    type: "success",
    message: `「${component.name}」的检索设置已保存`,
  });
}

/** The settings as a page of their own: where a plain POST with a mistake comes back to, and a shareable link. */
export default function KnowledgeBindingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { agent, component } = loaderData;
  return (
    <div className="flex justify-center p-8">
      <Card
        title={`知识库设置：${component.name}`}
        description={`智能体「${agent.name}」检索这个知识库的方式。`}
        className="h-fit w-full max-w-lg"
        actions={
          <Link to={`/space/${component.spaceId}/agent/${agent.id}`} className={buttonClass("secondary", "sm")}>
            返回编辑
          </Link>
        }
      >
        <KnowledgeSettings component={component} lastResult={actionData?.result} standalone />
      </Card>
    </div>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "#app/components/error-view";
