import { MessageSquare, UserPlus } from "lucide-react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { endpoints } from "#contract/api";
import { PageHeader } from "../components/page-header";
import { FilterForm } from "../components/system/filter-form";
import { SendMessageForm } from "../components/system/send-message-form";
import { UserForm } from "../components/system/user-form";
import { type AdminUser, DIALOG_PARAMS, type UserReply } from "../components/system/user-schemas";
import { UserTable } from "../components/system/user-table";
import { Button, buttonClass } from "../components/ui/button";
import { Confirm } from "../components/ui/confirm";
import { Pagination } from "../components/ui/pagination";
import { TableSkeleton } from "../components/ui/skeleton";
import { StreamedList, streamServerData } from "../components/ui/skeleton-list";
import { UrlDialog } from "../components/ui/url-dialog";
import { apiCall } from "../lib/api-call.server";
import { useCurrentUser } from "../lib/current-user";
import { systemRoleLabels, userStatusLabels } from "../lib/labels";
import { pageTitle } from "../lib/meta";
import { choiceParam, pageParam, pathOf, textParam, withParams } from "../lib/url";
import type { Route } from "./+types/system-user-manage";
import { userAction } from "./system-user-manage.server";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "用户管理");

const PAGE_SIZE = 10;
const roles = ["Admin", "User"] as const;
const statuses = ["Enabled", "Disabled"] as const;

type Dialog =
  | { kind: "add" }
  | { kind: "send"; user?: AdminUser }
  | { kind: "edit" | "delete"; user: AdminUser }
  | null;

/** The filters as they sit in the query string (read the same way by the loader and the page). */
function readFilters(url: URL) {
  return {
    role: choiceParam(url, "role", roles),
    status: choiceParam(url, "status", statuses),
    kw: textParam(url, "kw"),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { role, status, kw } = readFilters(url);
  const page = await apiCall(context, request, endpoints.system.userList, {
    body: {
      pageNo: pageParam(url),
      pageSize: PAGE_SIZE,
      queryFilter: { role: role || undefined, status: status || undefined, kw: kw || undefined },
    },
  });
  // Dialogs act on a user of the page shown, so the row the admin clicked is always at hand.
  const pick = (param: string) => page.records.find((u) => u.id === Number(url.searchParams.get(param)));
  const kind = url.searchParams.get("dialog") ?? (url.searchParams.get("confirm") === "delete" ? "delete" : null);
  const editing = pick("edit");
  let dialog: Dialog = null;
  if (editing) dialog = { kind: "edit", user: editing };
  else if (kind === "add") dialog = { kind: "add" };
  else if (kind === "send") dialog = { kind: "send", user: pick("userId") };
  else if (kind === "delete" && pick("userId")) dialog = { kind: "delete", user: pick("userId")! };
  return { page, role, status, kw, dialog, cleanUrl: pathOf(request, DIALOG_PARAMS) };
}

/** With JavaScript the users load after the page shows (a skeleton in their place); see StreamedList. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return streamServerData(serverLoader);
}

export async function action({ request, context }: Route.ActionArgs) {
  return userAction(context, request);
}

export default function UserManagePage({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const url = new URL(location.pathname + location.search, "http://relative.invalid");
  const { role, status, kw } = readFilters(url);
  const cleanUrl = withParams(url.pathname + url.search, Object.fromEntries(DIALOG_PARAMS.map((p) => [p, null])));
  const reply = actionData as UserReply | undefined;
  return (
    <>
      <PageHeader
        title="用户管理"
        description="添加和编辑用户、设置角色、禁用账号或给用户发送消息。"
        actions={
          <div className="flex gap-2">
            <Link to={withParams(cleanUrl, { dialog: "send" })} preventScrollReset className={buttonClass("secondary")}>
              <MessageSquare className="size-4" aria-hidden />
              发送消息
            </Link>
            <Link to={withParams(cleanUrl, { dialog: "add" })} preventScrollReset className={buttonClass("primary")}>
              <UserPlus className="size-4" aria-hidden />
              新增用户
            </Link>
          </div>
        }
      />
      <FilterForm
        selects={[
          {
            name: "role",
            label: "角色",
            value: role,
            options: [{ value: "", label: "全部" }, ...roles.map((r) => ({ value: r, label: systemRoleLabels[r] }))],
          },
          {
            name: "status",
            label: "状态",
            value: status,
            options: [{ value: "", label: "全部" }, ...statuses.map((s) => ({ value: s, label: userStatusLabels[s] }))],
          },
        ]}
        kw={kw}
        kwPlaceholder="请输入用户名、昵称、手机号码或邮箱"
        resetTo="/system/user/manage"
      />
      <StreamedList data={loaderData} skeleton={<TableSkeleton columns={6} label="正在加载用户" />}>
        {(data) => <UserList data={data} reply={reply} />}
      </StreamedList>
    </>
  );
}

/** One page of users, once loaded, with the dialog or confirmation the page's address opens. */
function UserList({ data, reply }: { data: Awaited<ReturnType<typeof loader>>; reply?: UserReply }) {
  const { page, role, status, kw, dialog, cleanUrl } = data;
  const me = useCurrentUser();
  return (
    <>
      {dialog?.kind === "add" ? (
        <UrlDialog title="新增用户" closeTo={cleanUrl}>
          <UserForm cancelTo={cleanUrl} reply={reply} />
        </UrlDialog>
      ) : null}
      {dialog?.kind === "edit" ? (
        <UrlDialog title={`编辑用户 ${dialog.user.userName}`} closeTo={cleanUrl}>
          <UserForm user={dialog.user} self={dialog.user.id === me.id} cancelTo={cleanUrl} reply={reply} />
        </UrlDialog>
      ) : null}
      {dialog?.kind === "send" ? (
        <UrlDialog title="发送消息" description="消息会出现在用户的消息通知中。" closeTo={cleanUrl}>
          <SendMessageForm recipient={dialog.user} cancelTo={cleanUrl} reply={reply} />
        </UrlDialog>
      ) : null}
      {dialog?.kind === "delete" ? <DeleteConfirm user={dialog.user} cancelTo={cleanUrl} /> : null}
      <UserTable users={page.records} meId={me.id} baseUrl={cleanUrl} filtered={Boolean(kw || role || status)} />
      <Pagination
        current={page.current}
        pages={page.pages}
        total={page.total}
        hrefFor={(p) => withParams(cleanUrl, { page: p === 1 ? null : p })}
      />
    </>
  );
}

function DeleteConfirm({ user, cancelTo }: { user: AdminUser; cancelTo: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Confirm
      title="删除用户"
      description={`确定删除用户「${user.nickName || user.userName}」吗？删除后该用户将无法登录。`}
      cancelTo={cancelTo}
    >
      <Form method="post" className="flex justify-end gap-2">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={user.id} />
        <Link to={cancelTo} replace preventScrollReset className={buttonClass("secondary")}>
          取消
        </Link>
        <Button type="submit" variant="danger" loading={busy}>
          确认删除
        </Button>
      </Form>
    </Confirm>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../components/error-view";
