import { parseWithZod } from "@conform-to/zod/v4";
import { endpoints } from "#contract/api";
import { CreateAgentForm, createAgentSchema } from "../components/agent/create-agent-form";
import { Card } from "../components/ui/card";
import { tryApiCall } from "../lib/api-call.server";
import { replyWithApiError } from "../lib/form.server";
import { pageTitle } from "../lib/meta";
import { redirectWithToast } from "../lib/toast.server";
import { spaceIdParam } from "../lib/url";
import type { Route } from "./+types/space-develop-new";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "创建智能体");

export async function action({ request, context, params }: Route.ActionArgs) {
  const spaceId = spaceIdParam(params.spaceId);
  const submission = parseWithZod(await request.formData(), { schema: createAgentSchema });
  if (submission.status !== "success") return submission.reply();
  const { name, description, template } = submission.value;
  const created = await tryApiCall(context, request, endpoints.agent.add, {
    body: { spaceId, name, description: description ?? "", template },
  });
  if (!created.ok) return replyWithApiError(submission, created.error);
  return redirectWithToast(context, `/space/${spaceId}/agent/${created.data}`, {
    type: "success",
    message: `已创建智能体「${name}」`,
  });
}

/** The create form as a page: where 创建智能体 leads without JavaScript (the dialog posts here too). */
export default function NewAgentPage({ actionData, params }: Route.ComponentProps) {
  return (
    <div className="flex justify-center p-8">
      <Card
        title="创建智能体"
        description="选择一个模板开始，创建后进入编辑页继续配置。"
        className="h-fit w-full max-w-lg"
      >
        <CreateAgentForm spaceId={Number(params.spaceId)} lastResult={actionData} />
      </Card>
    </div>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../components/error-view";
