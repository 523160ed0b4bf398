import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft } from "lucide-react";
import { data, Form, Link, redirect } from "react-router";
import { PublishStatusBadge } from "#app/components/agent/publish-status-badge";
import { PageHeader } from "#app/components/page-header";
import { PublishForm } from "#app/components/publish/publish-form";
import { PublishRecords } from "#app/components/publish/publish-records";
import { isPublishIntent, type PublishReply, publishSchemas } from "#app/components/publish/schemas";
import { Button, buttonClass } from "#app/components/ui/button";
import { Card } from "#app/components/ui/card";
import { Confirm } from "#app/components/ui/confirm";
import { FormErrors } from "#app/components/ui/field";
import { fromDetail } from "#app/components/workflow/graph";
import { workflowPath } from "#app/components/workflow/workflow-header";
import { apiCall, tryApiCall } from "#app/lib/api-call.server";
import { replyWithApiError } from "#app/lib/form.server";
import { publishScopeLabels } from "#app/lib/labels";
import { pageTitle } from "#app/lib/meta";
import { redirectWithToast } from "#app/lib/toast.server";
import { pathOf, withParams } from "#app/lib/url";
import { useSubmitting } from "#app/lib/use-submitting";
import { endpoints } from "#contract/api";
import type { Route } from "./+types/workflow-publish";
import { workflowIdParam } from "./workflow-editor.server";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "发布工作流");

/** Query parameters that only open the 下架 confirmation. */
const CONFIRM_PARAMS = ["offShelf"];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const workflowId = workflowIdParam(params.workflowId);
  const [workflow, categories, items, checks] = await Promise.all([
    apiCall(context, request, endpoints.workflow.get, { params: { workflowId } }),
    apiCall(context, request, endpoints.publish.categories),
    apiCall(context, request, endpoints.publish.itemList, { body: { targetType: "Workflow", targetId: workflowId } }),
    apiCall(context, request, endpoints.workflow.valid, { params: { workflowId } }),
  ]);
  if (String(workflow.spaceId) !== params.spaceId) throw redirect(`${workflowPath(workflow)}/publish`);
  const offShelfId = Number(new URL(request.url).searchParams.get("offShelf"));
  const offShelf = items.find((i) => i.publishId !== null && i.publishId === offShelfId) ?? null;
  // 发布 checks the graph first: the problems are listed by node and the apply form waits for them.
  const names = new Map(fromDetail(workflow).nodes.map((n) => [n.id, n.name]));
  const problems = checks
    .filter((c) => !c.success)
    .map((c) => ({ nodeId: c.nodeId, name: names.get(c.nodeId) ?? `节点 ${c.nodeId}`, messages: c.messages }));
  return { workflow, categories, items, offShelf, problems, cleanUrl: pathOf(request, CONFIRM_PARAMS) };
}

/** 发布 (to this space, or the square where the tenant may audit it) and 下架, through /api/publish/*. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const workflowId = workflowIdParam(params.workflowId);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (!isPublishIntent(intent)) throw data({ code: "4000", message: "未知的操作", tid: "" }, { status: 400 });
  const submission = parseWithZod(formData, { schema: publishSchemas[intent] });
  const fail = (result: SubmissionResult<string[]>): PublishReply => ({ intent, result });
  if (submission.status !== "success") return fail(submission.reply());
  const value = submission.value;
  const back = pathOf(request, CONFIRM_PARAMS);
  if (value.intent === "apply") {
    const workflow = await apiCall(context, request, endpoints.workflow.get, { params: { workflowId } });
    const res = await tryApiCall(context, request, endpoints.publish.apply, {
      body: {
        targetType: "Workflow",
        targetId: workflowId,
        remark: value.remark ?? "",
        category: value.category,
        items: [
          {
            scope: value.scope,
            spaceId: value.scope === "Space" ? workflow.spaceId : undefined,
            allowCopy: value.allowCopy ? 1 : 0,
          },
        ],
      },
    });
    if (!res.ok) return fail(replyWithApiError(submission, res.error));
    return redirectWithToast(context, back, { type: "success", message: res.data || res.message });
  }
  const res = await tryApiCall(context, request, endpoints.publish.offShelf, {
    body: { targetType: "Workflow", targetId: workflowId, publishId: value.publishId },
  });
  if (!res.ok) return fail(replyWithApiError(submission, res.error));
  return redirectWithToast(context, back, { type: "success", message: "已下架" });
}

export default function WorkflowPublishPage({ loaderData, actionData }: Route.ComponentProps) {
  const { workflow, categories, items, offShelf, problems, cleanUrl } = loaderData;
  const reply = actionData as PublishReply | undefined;
  const canPublish = workflow.permissions.includes("Publish");
  const busy = useSubmitting("offShelf");
  const offShelfErrors = reply?.intent === "offShelf" ? Object.values(reply.result.error ?? {}).flat() : [];
  return (
    <main className="flex flex-1 flex-col gap-6 overflow-y-auto p-8">
      <Link
        to={workflowPath(workflow)}
        className="inline-flex items-center gap-1 text-[13px] text-primary-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        返回工作流
      </Link>
      <PageHeader
        title="发布工作流"
        description={
          <span className="mt-1 flex items-center gap-2">
            <span className="font-medium text-gray-900">{workflow.name}</span>
            <PublishStatusBadge status={workflow.publishStatus} />
          </span>
        }
      />
      {offShelf ? (
        <Confirm
          title="下架工作流"
          description={`确定把「${workflow.name}」从${publishScopeLabels[offShelf.scope]}下架吗？使用它的智能体将不能再调用这个版本。`}
          cancelTo={cleanUrl}
        >
          <Form method="post" className="flex flex-col gap-3">
            <FormErrors errors={offShelfErrors.filter((e): e is string => Boolean(e))} />
            <input type="hidden" name="intent" value="offShelf" />
            <input type="hidden" name="publishId" value={offShelf.publishId ?? ""} />
            <div className="flex justify-end gap-2">
              <Link to={cleanUrl} replace preventScrollReset className={buttonClass("secondary")}>
                取消
              </Link>
              <Button type="submit" variant="danger" loading={busy}>
                确认下架
              </Button>
            </div>
          </Form>
        </Confirm>
      ) : null}
      <div className="grid max-w-5xl gap-6">
        <Card title="发布" description="发布的是当前配置的快照；智能体调用的是已发布的版本，修改后需重新发布。">
          {problems.length ? (
            <section aria-label="问题列表" className="flex flex-col gap-2">
              <p role="alert" className="text-danger-700">
                工作流还有 {problems.length} 个节点需要修改，修改后才能发布：
              </p>
              <ul className="flex flex-col gap-2">
                {problems.map((p) => (
                  <li
                    key={p.nodeId}
                    className="rounded-md border border-danger-600/30 bg-danger-50 p-2 text-danger-700"
                  >
                    <span className="font-medium">{p.name}</span>：{p.messages.join("；")}
                  </li>
                ))}
              </ul>
            </section>
          ) : (
            <PublishForm categories={categories} previous={items[0]} canPublish={canPublish} reply={reply} />
          )}
        </Card>
        <Card title="发布记录" description="已发布的范围可以随时下架；审核中或被拒绝的申请也显示在这里。">
          <PublishRecords
            items={items}
            categories={categories}
            canPublish={canPublish}
            offShelfHref={(publishId) => withParams(cleanUrl, { offShelf: publishId })}
          />
        </Card>
      </div>
    </main>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "#app/components/error-view";
