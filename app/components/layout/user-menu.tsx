import { Brain, LogOut, UserRound } from "lucide-react";
import { displayName } from "#app/lib/format";
import type { UserDto } from "#contract/api/auth-dto";
import { Avatar } from "../ui/avatar";
import { Menu } from "../ui/menu";

/** The avatar menu at the bottom of the rail: 设置 (账号、邮箱、密码、主题) and 退出登录, with or without JavaScript. */
export function UserMenu({ user }: { user: UserDto }) {
  const name = displayName(user);
  return (
    <Menu
      label={`账号菜单：${name}`}
      heading={name}
      side="right"
      align="end"
      triggerClassName="rounded-full"
      trigger={<Avatar name={name} src={user.avatar} />}
      entries={[
        {
          kind: "link",
          key: "profile",
          to: "/profile",
          label: (
            <>
              <UserRound className="size-4" aria-hidden />
              设置
            </>
          ),
        },
        {
          kind: "link",
          key: "memory",
          to: "/memory",
          label: (
            <>
              <Brain className="size-4" aria-hidden />
              记忆
            </>
          ),
        },
        {
          kind: "post",
          key: "logout",
          action: "/logout",
          intent: "logout",
          label: (
            <>
              <LogOut className="size-4" aria-hidden />
              退出登录
            </>
          ),
        },
      ]}
    />
  );
}
