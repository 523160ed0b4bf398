import { parseWithZod } from "@conform-to/zod/v4";
import { endpoints } from "#contract/api";
import { CreatePluginForm, createPluginSchema } from "../components/plugin/create-plugin-form";
import { pluginPath } from "../components/plugin/paths";
import { Card } from "../components/ui/card";
import { tryApiCall } from "../lib/api-call.server";
import { replyWithApiError } from "../lib/form.server";
import { pageTitle } from "../lib/meta";
import { redirectWithToast } from "../lib/toast.server";
import { spaceIdParam } from "../lib/url";
import type { Route } from "./+types/plugin-new";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "新建插件");

export async function action({ request, context, params }: Route.ActionArgs) {
  const spaceId = spaceIdParam(params.spaceId);
  const formData = await request.formData();
  // The space is the page's, whatever the hidden field says.
  formData.set("spaceId", String(spaceId));
  const submission = parseWithZod(formData, { schema: createPluginSchema });
  if (submission.status !== "success") return submission.reply();
  const { name, description, type, codeLang } = submission.value;
  const created = await tryApiCall(context, request, endpoints.plugin.add, {
    body: { spaceId, name, description, type, codeLang: type === "CODE" ? codeLang : null },
  });
  if (!created.ok) return replyWithApiError(submission, created.error);
  return redirectWithToast(context, pluginPath({ id: created.data, spaceId, type }), {
    type: "success",
    message: `已创建插件「${name}」`,
  });
}

/** 组件库 → 新建 → 插件: the create form as a page of its own (works without JavaScript). */
export default function NewPluginPage({ actionData, params }: Route.ComponentProps) {
  return (
    <div className="flex justify-center p-8">
      <Card
        title="新建插件"
        description="创建后进入插件编辑页，配置请求或代码、入参和出参。"
        className="h-fit w-full max-w-lg"
      >
        <CreatePluginForm spaceId={Number(params.spaceId)} lastResult={actionData} />
      </Card>
    </div>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../components/error-view";
