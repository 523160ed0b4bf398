import { parseWithZod } from "@conform-to/zod/v4";
import { endpoints } from "#contract/api";
import { CreateSpaceForm, createSpaceSchema } from "../components/space/create-space-form";
import { Card } from "../components/ui/card";
import { tryApiCall } from "../lib/api-call.server";
import { replyWithApiError } from "../lib/form.server";
import { pageTitle } from "../lib/meta";
import { redirectWithToast } from "../lib/toast.server";
import type { Route } from "./+types/space-new";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "创建团队空间");

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: createSpaceSchema });
  if (submission.status !== "success") return submission.reply();
  const created = await tryApiCall(context, request, endpoints.space.add, {
    body: { name: submission.value.name, description: submission.value.description },
  });
  if (!created.ok) return replyWithApiError(submission, created.error);
  return redirectWithToast(context, `/space/${created.data}/develop`, {
    type: "success",
    message: `已创建团队空间「${submission.value.name}」`,
  });
}

/** The create form as a page: where the switcher's 创建团队空间 leads without JavaScript. */
export default function NewSpacePage({ actionData }: Route.ComponentProps) {
  return (
    <main className="flex flex-1 justify-center overflow-y-auto p-8">
      <Card
        title="创建团队空间"
        description="团队空间可以邀请成员一起开发智能体和组件。"
        className="h-fit w-full max-w-lg"
      >
        <CreateSpaceForm lastResult={actionData} />
      </Card>
    </main>
  );
}
