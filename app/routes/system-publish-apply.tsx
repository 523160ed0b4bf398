import { ArrowLeft } from "lucide-react";
import { Form, Link } from "react-router";
import { endpoints } from "#contract/api";
import type { AgentSnapshot } from "#contract/api/agent-dto";
import { PageHeader } from "../components/page-header";
import { AgentIcon } from "../components/square/agent-card";
import { categoriesOf } from "../components/square/types";
import { AgentSnapshotView } from "../components/system/agent-snapshot";
import type { AuditReply } from "../components/system/audit-schemas";
import { AuditStatusBadge } from "../components/system/audit-status-badge";
import { ReasonConfirm } from "../components/system/reason-confirm";
import { Button, buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { apiCall } from "../lib/api-call.server";
import { formatDateTime } from "../lib/format";
import { publishScopeLabels, publishTargetLabels } from "../lib/labels";
import { pageTitle } from "../lib/meta";
import { idParam, pathOf, withParams } from "../lib/url";
import type { Route } from "./+types/system-publish-apply";
import { auditAction } from "./system-audit.server";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "查看发布申请");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const applyId = idParam(params.applyId, "发布申请不存在");
  const [apply, categories] = await Promise.all([
    apiCall(context, request, endpoints.publish.applyGet, { params: { applyId } }),
    apiCall(context, request, endpoints.publish.categories),
  ]);
  const rejecting = new URL(request.url).searchParams.has("reject") && apply.status === "Applying";
  const category = categoriesOf(categories).find((c) => c.key === apply.category)?.label ?? apply.category;
  return { apply, category, rejecting, cleanUrl: pathOf(request, ["reject"]) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return auditAction(context, request, "/system/publish/audit");
}

/** The snapshot an application would publish — prompt, opening message, components — with 通过 / 拒绝. */
export default function PublishApplyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { apply, category, rejecting, cleanUrl } = loaderData;
  const snapshot = apply.config as unknown as AgentSnapshot;
  return (
    <>
      <Link
        to="/system/publish/audit"
        className="inline-flex items-center gap-1 text-[13px] text-primary-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        返回发布审核
      </Link>
      <PageHeader
        title={apply.name}
        description={`${publishTargetLabels[apply.targetType]} · 发布到${publishScopeLabels[apply.scope]} · ${category}`}
        actions={
          apply.status === "Applying" ? (
            <div className="flex gap-2">
              <Form method="post">
                <input type="hidden" name="intent" value="approve" />
                <input type="hidden" name="applyId" value={apply.id} />
                <Button type="submit">通过</Button>
              </Form>
              <Link to={withParams(cleanUrl, { reject: 1 })} className={buttonClass("danger")}>
                拒绝
              </Link>
            </div>
          ) : null
        }
      />
      {rejecting ? (
        <ReasonConfirm
          intent="reject"
          targetId={apply.id}
          title="拒绝发布申请"
          description={`拒绝「${apply.name}」的发布申请，原因会通知给申请人。`}
          submitLabel="确认拒绝"
          cancelTo={cleanUrl}
          reply={actionData as AuditReply | undefined}
        />
      ) : null}
      <Card>
        <div className="flex gap-4">
          <AgentIcon name={apply.name} icon={apply.icon} size="lg" />
          <dl className="grid flex-1 grid-cols-[auto_1fr] gap-x-6 gap-y-1">
            <dt className="text-gray-500">状态</dt>
            <dd>
              <AuditStatusBadge status={apply.status} />
              {apply.reason ? <span className="ml-2 text-gray-600">原因：{apply.reason}</span> : null}
            </dd>
            <dt className="text-gray-500">描述</dt>
            <dd className="text-gray-700">{apply.description || "—"}</dd>
            <dt className="text-gray-500">发布说明</dt>
            <dd className="whitespace-pre-wrap text-gray-700">{apply.remark || "—"}</dd>
            <dt className="text-gray-500">允许复制</dt>
            <dd>{apply.allowCopy === 1 ? "是" : "否"}</dd>
            <dt className="text-gray-500">申请时间</dt>
            <dd suppressHydrationWarning>{formatDateTime(apply.created)}</dd>
          </dl>
        </div>
      </Card>
      <AgentSnapshotView snapshot={snapshot} />
    </>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../components/error-view";
