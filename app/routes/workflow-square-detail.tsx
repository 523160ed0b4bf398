import { ArrowLeft, Copy } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { AgentIcon } from "#app/components/agent/agent-icon";
import { PageHeader } from "#app/components/page-header";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { Card } from "#app/components/ui/card";
import { Select } from "#app/components/ui/select";
import { workflowPath } from "#app/components/workflow/workflow-header";
import { apiCall, tryApiCall } from "#app/lib/api-call.server";
import { displayName, formatDateTime } from "#app/lib/format";
import { spaceTypeLabels } from "#app/lib/labels";
import { pageTitle } from "#app/lib/meta";
import { listSpaces } from "#app/lib/space.server";
import { redirectWithToast } from "#app/lib/toast.server";
import { pathOf } from "#app/lib/url";
import { endpoints } from "#contract/api";
import type { Arg } from "#contract/args";
import type { Route } from "./+types/workflow-square-detail";
import { workflowIdParam } from "./workflow-editor.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageTitle(matches, loaderData ? `${loaderData.workflow.name} · 广场` : "工作流");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const workflowId = workflowIdParam(params.workflowId);
  const [workflow, spaces] = await Promise.all([
    apiCall(context, request, endpoints.workflow.published, { params: { workflowId } }),
    listSpaces(context, request),
  ]);
  // Spaces where the caller may develop: above member, or the space lets members develop.
  const targets = spaces.filter(
    (s) => s.allowDevelop === 1 || (s.currentUserRole !== null && s.currentUserRole !== "User"),
  );
  return {
    workflow,
    targets: targets.map((s) => ({ id: s.id, label: s.type === "Personal" ? spaceTypeLabels.Personal : s.name })),
  };
}

/** 复制为模板: the published snapshot becomes a new workflow of the chosen space, opened in the editor. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const workflowId = workflowIdParam(params.workflowId);
  const targetSpaceId = Number((await request.formData()).get("spaceId"));
  if (!Number.isSafeInteger(targetSpaceId) || targetSpaceId <= 0)
    return redirectWithToast(context, pathOf(request), { type: "error", message: "请选择要复制到的空间" });
  const res = await tryApiCall(context, request, endpoints.publish.templateCopy, {
    body: { targetType: "Workflow", targetId: workflowId, targetSpaceId },
  });
  if (!res.ok) return redirectWithToast(context, pathOf(request), { type: "error", message: res.error.message });
  return redirectWithToast(context, workflowPath({ id: res.data, spaceId: targetSpaceId }), {
    type: "success",
    message: "工作流已复制到空间",
  });
}

function Args({ args, empty }: { args: Arg[]; empty: string }) {
  if (!args.length) return <p className="text-[13px] text-gray-500">{empty}</p>;
  return (
    <table className="w-full text-left text-[13px]">
      <thead className="text-gray-500">
        <tr>
          <th className="py-1 font-normal">参数名</th>
          <th className="py-1 font-normal">类型</th>
          <th className="py-1 font-normal">必填</th>
          <th className="py-1 font-normal">说明</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-100">
        {args.map((a) => (
          <tr key={a.key ?? a.name}>
            <td className="py-1.5 font-mono">{a.name}</td>
            <td className="py-1.5">{a.dataType}</td>
            <td className="py-1.5">{a.require ? "是" : "否"}</td>
            <td className="py-1.5 text-gray-600">{a.description || "—"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A published workflow in the square: what it takes and returns, and 复制为模板 where the publisher allowed it. */
export default function SquareWorkflowPage({ loaderData }: Route.ComponentProps) {
  const { workflow, targets } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <main className="flex flex-1 flex-col gap-6 overflow-y-auto p-8">
      <Link
        to="/square?cate_type=Workflow"
        className="inline-flex items-center gap-1 text-[13px] text-primary-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        返回广场
      </Link>
      <PageHeader
        title={workflow.name}
        description={
          <span className="mt-1 flex flex-wrap items-center gap-2">
            <AgentIcon name={workflow.name} icon={workflow.icon} size="sm" />
            <Badge tone="primary">工作流</Badge>
            {workflow.publishUser ? <span>{displayName(workflow.publishUser)}</span> : null}
            <span suppressHydrationWarning>发布于 {formatDateTime(workflow.publishDate)}</span>
          </span>
        }
      />
      <div className="grid max-w-4xl gap-6">
        <Card title="简介">
          <p className="text-gray-700">{workflow.description || "暂无描述"}</p>
          {workflow.remark ? <p className="mt-2 text-[13px] text-gray-500">发布说明：{workflow.remark}</p> : null}
        </Card>
        <Card title="输入参数">
          <Args args={workflow.inputArgs} empty="这个工作流没有输入参数。" />
        </Card>
        <Card title="输出参数">
          <Args args={workflow.outputArgs} empty="这个工作流没有输出参数。" />
        </Card>
        <Card title="复制为模板" description="复制一份到你的空间，在画布里修改后使用。">
          {workflow.allowCopy !== 1 ? (
            <p className="text-[13px] text-gray-500">发布者没有允许复制这个工作流。</p>
          ) : targets.length === 0 ? (
            <p className="text-[13px] text-gray-500">你没有可以开发的空间，暂时不能复制。</p>
          ) : (
            <Form method="post" className="flex flex-wrap items-center gap-2" aria-label="复制为模板">
              <Select
                name="spaceId"
                aria-label="目标空间"
                className="w-56"
                options={targets.map((s) => ({ value: String(s.id), label: s.label }))}
              />
              <Button type="submit" variant="secondary" loading={busy}>
                <Copy className="size-4" aria-hidden />
                复制到空间
              </Button>
            </Form>
          )}
        </Card>
      </div>
    </main>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "#app/components/error-view";
