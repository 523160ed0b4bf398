import { clsx } from "clsx";
import { BadgeCheck, Cpu, type LucideIcon, PackageCheck, Settings2, Users } from "lucide-react";
import { NavLink } from "react-router";

const sections: { to: string; label: string; icon: LucideIcon }[] = [
  { to: "/system/user/manage", label: "用户管理", icon: Users },
  { to: "/system/publish/audit", label: "发布审核", icon: BadgeCheck },
  { to: "/system/published/manage", label: "已发布管理", icon: PackageCheck },
  { to: "/system/model/manage", label: "公共模型管理", icon: Cpu },
  { to: "/system/config", label: "系统配置", icon: Settings2 },
];

/** The second-level panel of 系统管理 (reference §4: the admin menu). */
export function SystemPanel() {
  return (
    <aside className="flex w-56 shrink-0 flex-col gap-3 border-gray-200 border-r bg-white p-3">
      <p className="px-3 pt-1 font-semibold text-base">系统管理</p>
      <nav aria-label="系统管理菜单" className="flex flex-col gap-0.5">
        {sections.map(({ to, label, icon: Icon }) => (
          <NavLink
            key={to}
            to={to}
            className={({ isActive }) =>
              clsx(
                "flex items-center gap-2 rounded-md px-3 py-2 transition-colors",
                isActive ? "bg-primary-50 font-medium text-primary-700" : "text-gray-700 hover:bg-gray-100",
              )
            }
          >
            <Icon className="size-4" aria-hidden />
            {label}
          </NavLink>
        ))}
      </nav>
    </aside>
  );
}
