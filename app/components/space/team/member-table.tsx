import { Search, UserMinus } from "lucide-react";
import { Form, Link } from "react-router";
import { Avatar } from "#app/components/ui/avatar";
import { Badge } from "#app/components/ui/badge";
import { Button, buttonClass } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { Select } from "#app/components/ui/select";
import { displayName, formatDate } from "#app/lib/format";
import { grantableRoleOptions, spaceRoleLabels } from "#app/lib/labels";
import type { SpacePermissions } from "#app/lib/space-permissions";
import type { Member, TeamReply } from "./schemas";

interface MemberTableProps {
  members: Member[];
  kw: string;
  /** The role filter ("" = all). */
  role: string;
  /** Other query parameters to keep when searching (the add-member search). */
  keep: Record<string, string>;
  can: SpacePermissions;
  meId: number;
  reply?: TeamReply;
  /** Link that opens the removal confirmation for a member. */
  removeHref: (userId: number) => string;
}

/** The role filter of the original's member tab: 全部 / 创建人 / 管理员 / 成员. */
const roleFilterOptions = [
  { value: "", label: "全部角色" },
  ...(["Owner", "Admin", "User"] as const).map((value) => ({ value, label: spaceRoleLabels[value] })),
];

export function MemberTable({ members, kw, role, keep, can, meId, reply, removeHref }: MemberTableProps) {
  return (
    <div className="flex flex-col gap-3">
      <Form method="get" role="search" className="flex max-w-md gap-2">
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Select name="role" defaultValue={role} options={roleFilterOptions} aria-label="按角色筛选" className="w-32" />
        <Input type="search" name="kw" defaultValue={kw} placeholder="搜索成员昵称或用户名" aria-label="搜索成员" />
        <Button type="submit" variant="secondary" aria-label="搜索">
          <Search className="size-4" aria-hidden />
        </Button>
      </Form>
      {members.length === 0 ? (
        <p className="rounded-md border border-gray-200 border-dashed px-4 py-8 text-center text-gray-500">
          {kw || role ? "没有符合条件的成员" : "还没有成员"}
        </p>
      ) : (
        <table className="w-full border-collapse text-left">
          <thead className="border-gray-200 border-b text-gray-500">
            <tr>
              <th className="py-2 font-normal">成员</th>
              <th className="py-2 font-normal">角色</th>
              <th className="py-2 font-normal">加入时间</th>
              <th className="py-2 text-right font-normal">操作</th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <MemberRow
                key={m.userId}
                member={m}
                isMe={m.userId === meId}
                manageable={can.manageMember(m)}
                error={reply?.userId === m.userId ? reply.result.error : undefined}
                removeHref={removeHref(m.userId)}
              />
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

interface MemberRowProps {
  member: Member;
  isMe: boolean;
  manageable: boolean;
  error?: Record<string, string[] | null> | null;
  removeHref: string;
}

function MemberRow({ member, isMe, manageable, error, removeHref }: MemberRowProps) {
  const name = displayName(member);
  const message = error ? Object.values(error).flat().find(Boolean) : undefined;
  const formId = `role-${member.userId}`;
  return (
    <tr className="border-gray-100 border-b align-middle">
      <td className="py-2.5">
        <div className="flex items-center gap-2.5">
          <Avatar name={name} src={member.avatar} size="sm" />
          <div className="min-w-0">
            <p className="truncate font-medium">
              {name}
              {isMe ? <span className="ml-1 text-gray-400 text-xs">（我）</span> : null}
            </p>
            <p className="truncate text-gray-500 text-xs">{member.userName}</p>
          </div>
        </div>
      </td>
      <td className="py-2.5">
        {manageable ? (
          <Form method="post" id={formId} className="flex items-center gap-2">
            <input type="hidden" name="intent" value="role" />
            <input type="hidden" name="userId" value={member.userId} />
            <Select
              key={member.role}
              name="role"
              defaultValue={member.role}
              options={grantableRoleOptions}
              aria-label={`${name}的角色`}
              className="w-28"
            />
            <Button type="submit" variant="secondary" size="sm">
              保存
            </Button>
          </Form>
        ) : (
          <Badge tone={member.role === "Owner" ? "primary" : member.role === "Admin" ? "warning" : "neutral"}>
            {spaceRoleLabels[member.role]}
          </Badge>
        )}
        {message ? (
          <p role="alert" className="mt-1 text-[13px] text-danger-600">
            {message}
          </p>
        ) : null}
      </td>
      <td className="py-2.5 text-gray-500" suppressHydrationWarning>
        {formatDate(member.created)}
      </td>
      <td className="py-2.5 text-right">
        {manageable ? (
          <Link to={removeHref} preventScrollReset className={buttonClass("ghost", "sm", "text-danger-600")}>
            <UserMinus className="size-4" aria-hidden />
            移除
          </Link>
        ) : null}
      </td>
    </tr>
  );
}
