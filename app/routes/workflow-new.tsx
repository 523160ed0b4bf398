import { parseWithZod } from "@conform-to/zod/v4";
import { Card } from "#app/components/ui/card";
import { CreateWorkflowForm, createWorkflowSchema } from "#app/components/workflow/create-workflow-form";
import { workflowPath } from "#app/components/workflow/workflow-header";
import { tryApiCall } from "#app/lib/api-call.server";
import { replyWithApiError } from "#app/lib/form.server";
import { pageTitle } from "#app/lib/meta";
import { redirectWithToast } from "#app/lib/toast.server";
import { spaceIdParam } from "#app/lib/url";
import { endpoints } from "#contract/api";
import type { Route } from "./+types/workflow-new";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "新建工作流");

export async function action({ request, context, params }: Route.ActionArgs) {
  const spaceId = spaceIdParam(params.spaceId);
  const formData = await request.formData();
  // The space is the page's, whatever the hidden field says.
  formData.set("spaceId", String(spaceId));
  const submission = parseWithZod(formData, { schema: createWorkflowSchema });
  if (submission.status !== "success") return submission.reply();
  const { name, description } = submission.value;
  const created = await tryApiCall(context, request, endpoints.workflow.add, { body: { spaceId, name, description } });
  if (!created.ok) return replyWithApiError(submission, created.error);
  return redirectWithToast(context, workflowPath({ id: created.data, spaceId }), {
    type: "success",
    message: `已创建工作流「${name}」`,
  });
}

/** 组件库 → 新建 → 工作流: the create form as a page of its own (works without JavaScript). */
export default function NewWorkflowPage({ actionData, params }: Route.ComponentProps) {
  return (
    <div className="flex justify-center p-8">
      <Card
        title="新建工作流"
        description="创建后进入画布，开始和结束节点已经放好，从左侧拖入节点编排流程。"
        className="h-fit w-full max-w-lg"
      >
        <CreateWorkflowForm spaceId={Number(params.spaceId)} lastResult={actionData} />
      </Card>
    </div>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "#app/components/error-view";
