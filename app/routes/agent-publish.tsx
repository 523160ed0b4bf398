import { ArrowLeft } from "lucide-react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { endpoints } from "#contract/api";
import { PublishStatusBadge } from "../components/agent/publish-status-badge";
import { PageHeader } from "../components/page-header";
import { PublishForm } from "../components/publish/publish-form";
import { PublishHistory } from "../components/publish/publish-history";
import { PublishRecords } from "../components/publish/publish-records";
import type { PublishItem, PublishReply } from "../components/publish/schemas";
import { AgentIcon } from "../components/square/agent-card";
import { Button, buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { Confirm } from "../components/ui/confirm";
import { FormErrors } from "../components/ui/field";
import { apiCall } from "../lib/api-call.server";
import { publishScopeLabels } from "../lib/labels";
import { pageTitle } from "../lib/meta";
import { agentIdParam, pathOf, withParams } from "../lib/url";
import type { Route } from "./+types/agent-publish";
import { CONFIRM_PARAMS, publishAction } from "./agent-publish.server";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "发布智能体");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const agentId = agentIdParam(params.agentId);
  const [agent, categories, items, history] = await Promise.all([
    apiCall(context, request, endpoints.agent.get, { params: { agentId } }),
    apiCall(context, request, endpoints.publish.categories),
    apiCall(context, request, endpoints.publish.itemList, { body: { targetType: "Agent", targetId: agentId } }),
    apiCall(context, request, endpoints.agent.history, { params: { agentId } }),
  ]);
  // A stale or hand-made link with another space id goes to the agent's real address.
  if (String(agent.spaceId) !== params.spaceId) {
    throw redirect(`/space/${agent.spaceId}/agent/${agent.id}/publish${new URL(request.url).search}`);
  }
  const offShelfId = Number(new URL(request.url).searchParams.get("offShelf"));
  const offShelf = items.find((i) => i.publishId !== null && i.publishId === offShelfId) ?? null;
  return { agent, categories, items, history, offShelf, cleanUrl: pathOf(request, CONFIRM_PARAMS) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return publishAction(context, request, agentIdParam(params.agentId));
}

/** The builder's publish page: apply (本空间 or 广场), see each publication and application, take one off. */
export default function AgentPublishPage({ loaderData, actionData }: Route.ComponentProps) {
  const { agent, categories, items, history, offShelf, cleanUrl } = loaderData;
  const reply = actionData as PublishReply | undefined;
  const canPublish = agent.permissions.includes("Publish");
  const editorHref = `/space/${agent.spaceId}/agent/${agent.id}`;
  return (
    <main className="flex flex-1 flex-col gap-6 overflow-y-auto p-8">
      <div className="flex flex-wrap gap-4 text-[13px]">
        <Link to={editorHref} className="inline-flex items-center gap-1 text-primary-700 hover:underline">
          <ArrowLeft className="size-4" aria-hidden />
          返回编辑
        </Link>
        <Link to={`/space/${agent.spaceId}/develop`} className="text-gray-600 hover:underline">
          智能体列表
        </Link>
      </div>
      <PageHeader
        title="发布智能体"
        description={
          <span className="mt-1 flex items-center gap-2">
            <AgentIcon name={agent.name} icon={agent.icon} />
            <span className="font-medium text-gray-900">{agent.name}</span>
            <PublishStatusBadge status={agent.publishStatus} />
          </span>
        }
      />
      {offShelf ? <OffShelfConfirm agentName={agent.name} item={offShelf} cancelTo={cleanUrl} reply={reply} /> : null}
      <div className="grid max-w-5xl gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card title="发布" description="发布的是当前草稿的快照；之后修改草稿不会影响已发布的版本，重新发布后才更新。">
          <PublishForm categories={categories} previous={items[0]} canPublish={canPublish} reply={reply} />
        </Card>
        <Card title="发布历史">
          <PublishHistory entries={history} />
        </Card>
      </div>
      <section id="publish-records" className="max-w-5xl">
        <Card title="发布记录" description="已发布的范围可以随时下架；审核中或被拒绝的申请也显示在这里。">
          <PublishRecords
            items={items}
            categories={categories}
            canPublish={canPublish}
            offShelfHref={(publishId) => withParams(cleanUrl, { offShelf: publishId })}
          />
        </Card>
      </section>
    </main>
  );
}

interface OffShelfConfirmProps {
  agentName: string;
  item: PublishItem;
  cancelTo: string;
  reply?: PublishReply;
}

function OffShelfConfirm({ agentName, item, cancelTo, reply }: OffShelfConfirmProps) {
  const busy = useNavigation().state === "submitting";
  const errors = reply?.intent === "offShelf" ? Object.values(reply.result.error ?? {}).flat() : [];
  return (
    <Confirm
      title="下架智能体"
      description={`确定把「${agentName}」从${publishScopeLabels[item.scope]}下架吗？下架后其他人将不能再找到和使用这个版本。`}
      cancelTo={cancelTo}
    >
      <Form method="post" className="flex flex-col gap-3">
        <FormErrors errors={errors.filter((e): e is string => Boolean(e))} />
        <input type="hidden" name="intent" value="offShelf" />
        <input type="hidden" name="publishId" value={item.publishId ?? ""} />
        <div className="flex justify-end gap-2">
          <Link to={cancelTo} replace preventScrollReset className={buttonClass("secondary")}>
            取消
          </Link>
          <Button type="submit" variant="danger" loading={busy}>
            确认下架
          </Button>
        </div>
      </Form>
    </Confirm>
  );
}
