import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft } from "lucide-react";
import { data, Form, Link, redirect } from "react-router";
import { endpoints } from "#contract/api";
import { PublishStatusBadge } from "../components/agent/publish-status-badge";
import { PageHeader } from "../components/page-header";
import { pluginPath } from "../components/plugin/paths";
import { PublishForm } from "../components/publish/publish-form";
import { PublishRecords } from "../components/publish/publish-records";
import { isPublishIntent, type PublishReply, publishSchemas } from "../components/publish/schemas";
import { Button, buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { Confirm } from "../components/ui/confirm";
import { FormErrors } from "../components/ui/field";
import { apiCall, tryApiCall } from "../lib/api-call.server";
import { replyWithApiError } from "../lib/form.server";
import { publishScopeLabels } from "../lib/labels";
import { pageTitle } from "../lib/meta";
import { redirectWithToast } from "../lib/toast.server";
import { pathOf, withParams } from "../lib/url";
import { useSubmitting } from "../lib/use-submitting";
import type { Route } from "./+types/plugin-publish";
import { pluginIdParam } from "./plugin-editor.server";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "发布插件");

/** Query parameters that only open the 下架 confirmation. */
const CONFIRM_PARAMS = ["offShelf"];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const pluginId = pluginIdParam(params.pluginId);
  const [plugin, categories, items] = await Promise.all([
    apiCall(context, request, endpoints.plugin.get, { params: { pluginId } }),
    apiCall(context, request, endpoints.publish.categories),
    apiCall(context, request, endpoints.publish.itemList, { body: { targetType: "Plugin", targetId: pluginId } }),
  ]);
  if (String(plugin.spaceId) !== params.spaceId) throw redirect(`${pluginPath(plugin)}/publish`);
  const offShelfId = Number(new URL(request.url).searchParams.get("offShelf"));
  const offShelf = items.find((i) => i.publishId !== null && i.publishId === offShelfId) ?? null;
  return { plugin, categories, items, offShelf, cleanUrl: pathOf(request, CONFIRM_PARAMS) };
}

/** 发布 (to this space, or the square where the tenant may audit it) and 下架, through /api/publish/*. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const pluginId = pluginIdParam(params.pluginId);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (!isPublishIntent(intent)) throw data({ code: "4000", message: "未知的操作", tid: "" }, { status: 400 });
  const submission = parseWithZod(formData, { schema: publishSchemas[intent] });
  const fail = (result: SubmissionResult<string[]>): PublishReply => ({ intent, result });
  if (submission.status !== "success") return fail(submission.reply());
  const value = submission.value;
  const back = pathOf(request, CONFIRM_PARAMS);
  if (value.intent === "apply") {
    const plugin = await apiCall(context, request, endpoints.plugin.get, { params: { pluginId } });
    const res = await tryApiCall(context, request, endpoints.publish.apply, {
      body: {
        targetType: "Plugin",
        targetId: pluginId,
        remark: value.remark ?? "",
        category: value.category,
        items: [
          {
            scope: value.scope,
            spaceId: value.scope === "Space" ? plugin.spaceId : undefined,
            allowCopy: value.allowCopy ? 1 : 0,
          },
        ],
      },
    });
    if (!res.ok) return fail(replyWithApiError(submission, res.error));
    return redirectWithToast(context, back, { type: "success", message: res.data || res.message });
  }
  const res = await tryApiCall(context, request, endpoints.publish.offShelf, {
    body: { targetType: "Plugin", targetId: pluginId, publishId: value.publishId },
  });
  if (!res.ok) return fail(replyWithApiError(submission, res.error));
  return redirectWithToast(context, back, { type: "success", message: "已下架" });
}

export default function PluginPublishPage({ loaderData, actionData }: Route.ComponentProps) {
  const { plugin, categories, items, offShelf, cleanUrl } = loaderData;
  const reply = actionData as PublishReply | undefined;
  const canPublish = plugin.permissions.includes("Publish");
  const busy = useSubmitting("offShelf");
  const offShelfErrors = reply?.intent === "offShelf" ? Object.values(reply.result.error ?? {}).flat() : [];
  return (
    <main className="flex flex-1 flex-col gap-6 overflow-y-auto p-8">
      <Link
        to={pluginPath(plugin)}
        className="inline-flex items-center gap-1 text-[13px] text-primary-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        返回插件
      </Link>
      <PageHeader
        title="发布插件"
        description={
          <span className="mt-1 flex items-center gap-2">
            <span className="font-medium text-gray-900">{plugin.name}</span>
            <PublishStatusBadge status={plugin.publishStatus} />
          </span>
        }
      />
      {offShelf ? (
        <Confirm
          title="下架插件"
          description={`确定把「${plugin.name}」从${publishScopeLabels[offShelf.scope]}下架吗？已添加它的智能体将不能再调用这个版本。`}
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
          <PublishForm categories={categories} previous={items[0]} canPublish={canPublish} reply={reply} />
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

export { PageErrorBoundary as ErrorBoundary } from "../components/error-view";
