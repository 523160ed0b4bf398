import { clsx } from "clsx";
import { Bot, Puzzle, Users } from "lucide-react";
import { NavLink } from "react-router";
import { developmentHidden } from "#app/lib/space-permissions";
import type { SpaceDto } from "#contract/api/space";
import { SpaceSwitcher } from "./space-switcher";

const sections = [
  { path: "develop", label: "智能体开发", icon: Bot },
  { path: "library", label: "组件库", icon: Puzzle },
  { path: "team", label: "成员与设置", icon: Users },
] as const;

/** The second-level panel of the 工作空间 section: space switcher and the space's section tabs. */
export function SpacePanel({ spaces, current }: { spaces: SpaceDto[]; current: SpaceDto }) {
  return (
    <aside className="flex w-60 shrink-0 flex-col gap-4 border-gray-200 border-r bg-white p-3">
      <SpaceSwitcher spaces={spaces} current={current} />
      <nav aria-label="空间菜单" className="flex flex-col gap-0.5">
        {/* A personal space has no members: 成员与设置 is for team spaces only. With 开发者功能 off a plain
            member has only 成员与设置. */}
        {sections
          .filter((s) => (s.path === "team" ? current.type !== "Personal" : !developmentHidden(current)))
          .map(({ path, label, icon: Icon }) => (
            <NavLink
              key={path}
              to={`/space/${current.id}/${path}`}
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
