import { Form, Link } from "react-router";
import { endpoints } from "#contract/api";
import { PageHeader } from "../components/page-header";
import { AddMember } from "../components/space/team/add-member";
import { MemberTable } from "../components/space/team/member-table";
import { OwnerActions } from "../components/space/team/owner-actions";
import type { Member, TeamReply } from "../components/space/team/schemas";
import { SpaceInfoForm } from "../components/space/team/space-info-form";
import { SpaceSwitches } from "../components/space/team/space-switches";
import { Button, buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { Confirm } from "../components/ui/confirm";
import { FormErrors } from "../components/ui/field";
import { apiCall } from "../lib/api-call.server";
import { useCurrentSpace } from "../lib/current-space";
import { useCurrentUser } from "../lib/current-user";
import { displayName } from "../lib/format";
import { spaceTypeLabels } from "../lib/labels";
import { pageTitle } from "../lib/meta";
import { spacePermissions } from "../lib/space-permissions";
import { spaceIdParam, withParams } from "../lib/url";
import { useSubmitting } from "../lib/use-submitting";
import type { Route } from "./+types/space-team";
import { fetchMembers, pageUrl, teamAction } from "./space-team.server";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "成员与设置");

const roleFilters = ["Owner", "Admin", "User"] as const;

type Confirmation = { kind: "remove" | "transfer"; member: Member } | { kind: "delete" } | null;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const spaceId = spaceIdParam(params.spaceId);
  const url = new URL(request.url);
  const kw = (url.searchParams.get("kw") ?? "").trim().slice(0, 50);
  const find = (url.searchParams.get("find") ?? "").trim().slice(0, 50);
  const role = roleFilters.find((r) => r === url.searchParams.get("role")) ?? "";
  const [allMembers, found] = await Promise.all([
    fetchMembers(context, request, spaceId),
    find ? apiCall(context, request, endpoints.auth.search, { body: { kw: find } }) : null,
  ]);
  const members = kw || role ? await fetchMembers(context, request, spaceId, kw, role || undefined) : allMembers;

  const kind = url.searchParams.get("confirm");
  const target = allMembers.find((m) => m.userId === Number(url.searchParams.get("userId")));
  let confirm: Confirmation = null;
  if (kind === "delete") confirm = { kind };
  else if ((kind === "remove" || kind === "transfer") && target) confirm = { kind, member: target };

  return { kw, role, find, members, allMembers, found, confirm, cleanUrl: pageUrl(request) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return teamAction(context, request, spaceIdParam(params.spaceId));
}

export default function TeamPage({ loaderData, actionData }: Route.ComponentProps) {
  const { kw, role, find, members, allMembers, found, confirm, cleanUrl } = loaderData;
  const space = useCurrentSpace();
  const me = useCurrentUser();
  const can = spacePermissions(space, me);
  const reply = actionData as TeamReply | undefined;

  return (
    <div className="flex flex-col gap-6 p-8">
      <PageHeader title="成员与设置" description={`${space.name} · ${spaceTypeLabels[space.type]}`} />
      {confirm ? <Confirmation confirm={confirm} spaceName={space.name} cancelTo={cleanUrl} reply={reply} /> : null}

      <Card title="成员" description={`共 ${allMembers.length} 人`}>
        <MemberTable
          members={members}
          kw={kw}
          role={role}
          keep={find ? { find } : {}}
          can={can}
          meId={me.id}
          reply={reply?.intent === "role" ? reply : undefined}
          removeHref={(userId) => withParams(cleanUrl, { confirm: "remove", userId: String(userId) })}
        />
      </Card>

      {can.addMembers ? (
        <Card title="添加成员" description="查找同一站点的用户，添加为成员或管理员。">
          <AddMember
            find={find}
            found={found}
            memberIds={new Set(allMembers.map((m) => m.userId))}
            keep={kw ? { kw } : {}}
            clearHref={withParams(cleanUrl, { find: null })}
            reply={reply}
          />
        </Card>
      ) : space.type === "Personal" ? (
        <p className="text-gray-500">个人空间只属于你自己，不能添加成员。需要协作时，请创建团队空间。</p>
      ) : null}

      {can.editInfo ? (
        <Card title="空间信息">
          <SpaceInfoForm space={space} reply={reply} />
        </Card>
      ) : null}

      {can.transfer ? (
        <Card title="空间设置" description="只有空间创建人可以修改。">
          <SpaceSwitches space={space} reply={reply?.intent === "settings" ? reply : undefined} />
        </Card>
      ) : null}

      {can.transfer || can.delete ? (
        <Card title="空间管理" description="只有空间创建人可以转让或删除空间。">
          <OwnerActions
            space={space}
            members={allMembers}
            meId={me.id}
            can={can}
            deleteHref={withParams(cleanUrl, { confirm: "delete" })}
          />
        </Card>
      ) : null}
    </div>
  );
}

interface ConfirmationProps {
  confirm: NonNullable<Confirmation>;
  spaceName: string;
  cancelTo: string;
  reply?: TeamReply;
}

/** The question each destructive action asks, naming what it acts on. */
function Confirmation({ confirm, spaceName, cancelTo, reply }: ConfirmationProps) {
  const busy = useSubmitting(confirm.kind);
  const copy =
    confirm.kind === "remove"
      ? {
          title: "移除成员",
          description: `确定将 ${displayName(confirm.member)} 移出空间「${spaceName}」吗？`,
          button: "确认移除",
        }
      : confirm.kind === "transfer"
        ? {
            title: "转让空间",
            description: `确定把空间「${spaceName}」转让给 ${displayName(confirm.member)} 吗？转让后你将成为管理员，不能再转让或删除这个空间。`,
            button: "确认转让",
          }
        : {
            title: "删除空间",
            description: `确定删除空间「${spaceName}」吗？空间内的所有内容都将被删除，且无法恢复。`,
            button: "确认删除",
          };
  const errors = reply?.intent === confirm.kind ? Object.values(reply.result.error ?? {}).flat() : [];
  return (
    <Confirm title={copy.title} description={copy.description} cancelTo={cancelTo}>
      <Form method="post" className="flex flex-col gap-3">
        <FormErrors errors={errors.filter((e): e is string => Boolean(e))} />
        <input type="hidden" name="intent" value={confirm.kind} />
        {confirm.kind === "delete" ? null : <input type="hidden" name="userId" value={confirm.member.userId} />}
        <div className="flex justify-end gap-2">
          <Link to={cancelTo} replace preventScrollReset className={buttonClass("secondary")}>
            取消
          </Link>
          <Button type="submit" variant="danger" loading={busy}>
            {copy.button}
          </Button>
        </div>
      </Form>
    </Confirm>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../components/error-view";
