import { Search, UserPlus } from "lucide-react";
import { Form, Link } from "react-router";
import { Avatar } from "#app/components/ui/avatar";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { Select } from "#app/components/ui/select";
import { displayName } from "#app/lib/format";
import { grantableRoleOptions } from "#app/lib/labels";
import type { UserBrief } from "#contract/api/auth";
import type { TeamReply } from "./schemas";

export type FoundUser = UserBrief;

interface AddMemberProps {
  find: string;
  /** null until a search was made. */
  found: FoundUser[] | null;
  memberIds: ReadonlySet<number>;
  keep: Record<string, string>;
  clearHref: string;
  reply?: TeamReply;
}

/** Find people by name, email or phone (search in the query string) and add them as 成员 or 管理员. */
export function AddMember({ find, found, memberIds, keep, clearHref, reply }: AddMemberProps) {
  return (
    <div className="flex flex-col gap-3">
      <Form method="get" role="search" className="flex max-w-sm gap-2">
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Input
          type="search"
          name="find"
          defaultValue={find}
          maxLength={50}
          placeholder="输入用户名、昵称、邮箱或手机号"
          aria-label="查找用户"
        />
        <Button type="submit" variant="secondary">
          <Search className="size-4" aria-hidden />
          查找
        </Button>
      </Form>
      {found === null ? null : found.length === 0 ? (
        <p className="text-gray-500">
          没有找到与“{find}”匹配的用户。
          <Link to={clearHref} className="text-primary-700 hover:underline">
            清除
          </Link>
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-gray-100 rounded-md border border-gray-200">
          {found.map((user) => {
            const name = displayName(user);
            const error = reply?.intent === "add" && reply.userId === user.id ? reply.result.error : undefined;
            const message = error ? Object.values(error).flat().find(Boolean) : undefined;
            return (
              <li key={user.id} className="flex flex-wrap items-center gap-3 px-3 py-2">
                <Avatar name={name} src={user.avatar} size="sm" />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{name}</p>
                  <p className="truncate text-gray-500 text-xs">{user.userName}</p>
                </div>
                {memberIds.has(user.id) ? (
                  <Badge>已是成员</Badge>
                ) : (
                  <Form method="post" className="flex items-center gap-2">
                    <input type="hidden" name="intent" value="add" />
                    <input type="hidden" name="userId" value={user.id} />
                    <Select
                      name="role"
                      defaultValue="User"
                      options={grantableRoleOptions}
                      aria-label={`${name}的角色`}
                      className="w-28"
                    />
                    <Button type="submit" size="sm">
                      <UserPlus className="size-4" aria-hidden />
                      添加
                    </Button>
                  </Form>
                )}
                {message ? (
                  <p role="alert" className="w-full text-[13px] text-danger-600">
                    {message}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
