import { parseWithZod } from "@conform-to/zod/v4";
import { CreateKnowledgeForm } from "#app/components/knowledge/create-knowledge-form";
import { knowledgePath } from "#app/components/knowledge/paths";
import { createKnowledgeSchema } from "#app/components/knowledge/schemas";
import { Card } from "#app/components/ui/card";
import { tryApiCall } from "#app/lib/api-call.server";
import { replyWithApiError } from "#app/lib/form.server";
import { pageTitle } from "#app/lib/meta";
import { redirectWithToast } from "#app/lib/toast.server";
import { spaceIdParam } from "#app/lib/url";
import { knowledge } from "#contract/api/knowledge";
import type { Route } from "./+types/knowledge-new";
import { loadEmbeddingOptions } from "./knowledge-detail.server";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "新建知识库");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const spaceId = spaceIdParam(params.spaceId);
  return { embeddingOptions: await loadEmbeddingOptions(context, request, spaceId) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const spaceId = spaceIdParam(params.spaceId);
  const formData = await request.formData();
  // The space is the page's, whatever the hidden field says.
  formData.set("spaceId", String(spaceId));
  const submission = parseWithZod(formData, { schema: createKnowledgeSchema });
  if (submission.status !== "success") return submission.reply();
  const { name, description, embeddingModelId } = submission.value;
  const created = await tryApiCall(context, request, knowledge.add, {
    body: { spaceId, name, description: description ?? "", dataType: 1, icon: "", embeddingModelId },
  });
  if (!created.ok) return replyWithApiError(submission, created.error);
  return redirectWithToast(context, knowledgePath({ spaceId, id: created.data }), {
    type: "success",
    message: `已创建知识库「${name}」`,
  });
}

/** 组件库 → 新建 → 知识库: the create form as a page of its own (works without JavaScript). */
export default function NewKnowledgePage({ loaderData, actionData, params }: Route.ComponentProps) {
  return (
    <div className="flex justify-center p-8">
      <Card
        title="新建知识库"
        description="创建后进入知识库页面，上传文档或粘贴文本。"
        className="h-fit w-full max-w-lg"
      >
        <CreateKnowledgeForm
          spaceId={Number(params.spaceId)}
          embeddingOptions={loaderData.embeddingOptions}
          lastResult={actionData}
        />
      </Card>
    </div>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "#app/components/error-view";
