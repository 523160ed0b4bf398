import { clsx } from "clsx";
import { House, LayoutGrid, type LucideIcon, Settings, Store } from "lucide-react";
import type { ReactNode } from "react";
import { NavLink } from "react-router";
import type { UserDto } from "#contract/api/auth-dto";
import { UserMenu } from "./user-menu";

interface RailItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

const items: RailItem[] = [
  { to: "/", label: "首页", icon: House },
  { to: "/space", label: "工作空间", icon: LayoutGrid },
  { to: "/square", label: "广场", icon: Store },
];

const adminItem: RailItem = { to: "/system", label: "系统管理", icon: Settings };

/** The narrow left rail of every signed-in page; 系统管理 only for system admins; `children` sit above the avatar. */
export function Rail({ user, children }: { user: UserDto; children?: ReactNode }) {
  const visible = user.role === "Admin" ? [...items, adminItem] : items;
  return (
    <nav
      aria-label="主导航"
      className="flex w-[72px] shrink-0 flex-col items-center gap-1 border-gray-200 border-r bg-white py-3"
    >
      {visible.map(({ to, label, icon: Icon }) => (
        <NavLink
          key={to}
          to={to}
          end={to === "/"}
          className={({ isActive }) =>
            clsx(
              "flex w-14 flex-col items-center gap-0.5 rounded-md py-2 text-xs transition-colors",
              isActive ? "bg-primary-50 text-primary-700" : "text-gray-600 hover:bg-gray-100",
            )
          }
        >
          <Icon className="size-5" aria-hidden />
          {label}
        </NavLink>
      ))}
      <div className="mt-auto flex flex-col items-center gap-1">
        {children}
        <UserMenu user={user} />
      </div>
    </nav>
  );
}
