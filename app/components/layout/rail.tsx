import { clsx } from "clsx";
import { House, LayoutGrid, type LucideIcon, MessageSquarePlus, Settings, Store } from "lucide-react";
import type { ReactNode } from "react";
import { NavLink } from "react-router";
import type { UserDto } from "#contract/api/auth-dto";
import { PanelToggle } from "./panel-drawer";
import { UserMenu } from "./user-menu";

interface RailItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

const items: RailItem[] = [
  { to: "/home/new", label: "新建会话", icon: MessageSquarePlus },
  { to: "/", label: "首页", icon: House },
  { to: "/space", label: "工作空间", icon: LayoutGrid },
  { to: "/square", label: "广场", icon: Store },
];

const adminItem: RailItem = { to: "/system", label: "系统管理", icon: Settings };

/**
 * The narrow left rail of every signed-in page; 系统管理 only for system admins; `children` sit above the avatar.
 * Below 768 px it is a bar across the top (icons only, labels kept for screen readers) with the panel drawer's
 * button first, so the page gets the phone's whole width.
 */
export function Rail({ user, children }: { user: UserDto; children?: ReactNode }) {
  const visible = user.role === "Admin" ? [...items, adminItem] : items;
  return (
    <nav
      aria-label="主导航"
      className="flex h-14 shrink-0 items-center gap-1 border-gray-200 border-b bg-white px-2 md:h-auto md:w-[72px] md:flex-col md:border-r md:border-b-0 md:px-0 md:py-3"
    >
      <PanelToggle />
      {visible.map(({ to, label, icon: Icon }) => (
        <NavLink
          key={to}
          to={to}
          end={to === "/"}
          className={({ isActive }) =>
            clsx(
              "flex w-11 flex-col items-center gap-0.5 rounded-md py-2 text-xs transition-colors md:w-14",
              isActive ? "bg-primary-50 text-primary-700" : "text-gray-600 hover:bg-gray-100",
            )
          }
        >
          <Icon className="size-5" aria-hidden />
          <span className="sr-only md:not-sr-only">{label}</span>
        </NavLink>
      ))}
      <div className="ml-auto flex items-center gap-1 md:mt-auto md:ml-0 md:flex-col">
        {children}
        <UserMenu user={user} />
      </div>
    </nav>
  );
}
