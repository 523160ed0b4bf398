import { Form, Link } from "react-router";
import { formatDate } from "#app/lib/format";
import { systemRoleLabels, userStatusLabels } from "#app/lib/labels";
import { withParams } from "#app/lib/url";
import { Badge } from "../ui/badge";
import { Button, buttonClass } from "../ui/button";
import { cellClass, Table } from "../ui/table";
import type { AdminUser } from "./user-schemas";

interface UserTableProps {
  users: AdminUser[];
  meId: number;
  /** The list's URL without dialog parameters; row links add theirs to it. */
  baseUrl: string;
  filtered: boolean;
}

const columns = [
  "用户名",
  "昵称",
  "手机号码",
  "邮箱",
  "角色",
  "状态",
  "加入时间",
  { label: "操作", className: "text-right" },
];

export function UserTable({ users, meId, baseUrl, filtered }: UserTableProps) {
  return (
    <Table label="用户" columns={columns} empty={filtered ? "没有符合条件的用户" : "还没有用户"}>
      {users.map((u) => (
        <UserRow key={u.id} user={u} isMe={u.id === meId} baseUrl={baseUrl} />
      ))}
    </Table>
  );
}

function UserRow({ user, isMe, baseUrl }: { user: AdminUser; isMe: boolean; baseUrl: string }) {
  const name = user.nickName || user.userName;
  const link = (changes: Record<string, string | number>) => withParams(baseUrl, changes);
  return (
    <tr>
      <td className={cellClass}>
        <span className="font-medium">{user.userName}</span>
        {isMe ? <span className="ml-1 text-gray-400 text-xs">（我）</span> : null}
      </td>
      <td className={cellClass}>{user.nickName || "—"}</td>
      <td className={cellClass}>{user.phone || "—"}</td>
      <td className={cellClass}>{user.email || "—"}</td>
      <td className={cellClass}>
        <Badge tone={user.role === "Admin" ? "primary" : "neutral"}>{systemRoleLabels[user.role]}</Badge>
      </td>
      <td className={cellClass}>
        <Badge tone={user.status === "Enabled" ? "success" : "danger"}>{userStatusLabels[user.status]}</Badge>
      </td>
      <td className={`${cellClass} whitespace-nowrap text-gray-500`} suppressHydrationWarning>
        {formatDate(user.created)}
      </td>
      <td className={cellClass}>
        <div className="flex flex-wrap justify-end gap-1">
          <Link
            to={link({ edit: user.id })}
            preventScrollReset
            className={buttonClass("ghost", "sm")}
            aria-label={`编辑 ${name}`}
          >
            编辑
          </Link>
          <Link
            to={link({ dialog: "send", userId: user.id })}
            preventScrollReset
            className={buttonClass("ghost", "sm")}
            aria-label={`发送消息给 ${name}`}
          >
            发送消息
          </Link>
          {isMe ? null : (
            <>
              <Form method="post">
                <input type="hidden" name="intent" value={user.status === "Enabled" ? "disable" : "enable"} />
                <input type="hidden" name="id" value={user.id} />
                <Button
                  type="submit"
                  variant="ghost"
                  size="sm"
                  aria-label={`${user.status === "Enabled" ? "禁用" : "启用"} ${name}`}
                >
                  {user.status === "Enabled" ? "禁用" : "启用"}
                </Button>
              </Form>
              <Link
                to={link({ confirm: "delete", userId: user.id })}
                preventScrollReset
                className={buttonClass("ghost", "sm", "text-danger-600")}
                aria-label={`删除 ${name}`}
              >
                删除
              </Link>
            </>
          )}
        </div>
      </td>
    </tr>
  );
}
