import { Plus } from "lucide-react";
import { Link, redirect, useLocation } from "react-router";
import { endpoints } from "#contract/api";
import { ModelDefaultsForm } from "../components/model/model-defaults-form";
import { ModelDeleteConfirm } from "../components/model/model-delete-confirm";
import { ModelForm } from "../components/model/model-form";
import { DIALOG_PARAMS, type ModelReply } from "../components/model/model-schema";
import { ModelTable } from "../components/model/model-table";
import { PageHeader } from "../components/page-header";
import { buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { TableSkeleton } from "../components/ui/skeleton";
import { StreamedList, streamServerData } from "../components/ui/skeleton-list";
import { UrlDialog } from "../components/ui/url-dialog";
import { apiCall } from "../lib/api-call.server";
import { pageTitle } from "../lib/meta";
import { getTenantConfig } from "../lib/tenant.server";
import { pathOf, withParams } from "../lib/url";
import type { Route } from "./+types/model-manage";
import { modelAction } from "./model-manage.server";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "公共模型管理");

/** Admins only: anyone else goes home (the backend refuses the system model endpoints with 4030 as well). */
async function requireAdmin(context: Route.LoaderArgs["context"], request: Request) {
  const user = await apiCall(context, request, endpoints.auth.loginInfo);
  if (user.role !== "Admin") throw redirect("/");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const [models, tenant] = await Promise.all([
    apiCall(context, request, endpoints.model.systemList, { body: {} }),
    getTenantConfig(context, request),
  ]);
  const url = new URL(request.url);
  const pick = (param: string) => models.find((m) => m.id === Number(url.searchParams.get(param)));
  const dialog = url.searchParams.get("dialog") === "add" ? ("add" as const) : null;
  const deleting = url.searchParams.get("confirm") === "delete" ? pick("id") : undefined;
  return {
    models,
    defaults: {
      chat: tenant.defaultChatModelId,
      suggest: tenant.defaultSuggestModelId,
      embed: tenant.defaultEmbedModelId,
    },
    dialog,
    editing: pick("edit") ?? null,
    deleting: deleting ?? null,
    cleanUrl: pathOf(request, DIALOG_PARAMS),
  };
}

/** With JavaScript the models load after the page shows (a skeleton in their place); see StreamedList. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return streamServerData(serverLoader);
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context, request);
  return modelAction(context, request, { kind: "system" }, pathOf(request, DIALOG_PARAMS));
}

/** 公共模型管理: the tenant's models (everyone can use them), 测试连接, and the tenant's default models. */
export default function ModelManagePage({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const here = location.pathname + location.search;
  const addHref = withParams(here, { ...Object.fromEntries(DIALOG_PARAMS.map((p) => [p, null])), dialog: "add" });
  return (
    <>
      <PageHeader
        title="公共模型管理"
        description="这里的模型对所有空间可用。API Key 加密保存，列表中只显示掩码。"
        actions={
          <Link to={addHref} preventScrollReset className={buttonClass("primary")}>
            <Plus className="size-4" aria-hidden />
            添加模型
          </Link>
        }
      />
      <StreamedList data={loaderData} skeleton={<TableSkeleton columns={5} rows={4} label="正在加载模型" />}>
        {(data) => <ModelList data={data} reply={actionData as ModelReply | undefined} />}
      </StreamedList>
    </>
  );
}

/** The models, once loaded, with the dialog the page's address opens and the default models. */
function ModelList({ data, reply }: { data: Awaited<ReturnType<typeof loader>>; reply?: ModelReply }) {
  const { models, defaults, dialog, editing, deleting, cleanUrl } = data;
  return (
    <>
      {dialog === "add" ? (
        <UrlDialog title="添加模型" closeTo={cleanUrl}>
          <ModelForm cancelTo={cleanUrl} reply={reply} />
        </UrlDialog>
      ) : null}
      {editing ? (
        <UrlDialog title={`编辑模型「${editing.name}」`} closeTo={cleanUrl}>
          <ModelForm model={editing} cancelTo={cleanUrl} reply={reply} />
        </UrlDialog>
      ) : null}
      {deleting ? <ModelDeleteConfirm model={deleting} cancelTo={cleanUrl} reply={reply} /> : null}
      <ModelTable
        models={models}
        defaults={defaults}
        reply={reply}
        editHref={(id) => withParams(cleanUrl, { edit: id })}
        deleteHref={(id) => withParams(cleanUrl, { confirm: "delete", id })}
      />
      <Card title="默认模型" description="未单独选择模型的功能使用这里的默认模型。">
        <ModelDefaultsForm models={models} defaults={defaults} reply={reply} />
      </Card>
    </>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../components/error-view";
