import { ArrowRightLeft, BarChart3, Copy, type LucideIcon, Trash2 } from "lucide-react";
import type { AgentPermission } from "../../../server/modules/agent/dto";
import type { MenuEntry } from "../ui/menu";

/** The card menu's actions (SPEC §3 "Agent action menu"). */
export type AgentMenuAction = "Analyze" | "Create_Copy" | "Move" | "Temporary_Session" | "Off_Shelf" | "Del";

export interface AgentMenuItem {
  action: AgentMenuAction;
  label: string;
  icon: LucideIcon;
  /** Shown only when the agent's `permissions` include it (the server checks again). */
  permission?: AgentPermission;
}

/**
 * The card menu, in order. Later work adds its items here:
 * - 临时会话 (Temporary_Session, permission "TempChat") after 迁移, with the temporary-chat work;
 * - 下架 (Off_Shelf, permission "Publish", published agents only) before 删除, with publishing.
 * Each new action also needs a case in `agentMenuEntries` below.
 */
export const agentMenuItems: readonly AgentMenuItem[] = [
  { action: "Analyze", label: "分析", icon: BarChart3 },
  { action: "Create_Copy", label: "创建副本", icon: Copy, permission: "Copy" },
  { action: "Move", label: "迁移", icon: ArrowRightLeft, permission: "Transfer" },
  { action: "Del", label: "删除", icon: Trash2, permission: "Delete" },
];

interface MenuTarget {
  permissions: readonly AgentPermission[];
}

interface MenuHandlers {
  /** The page with the action's confirmation (or figures) open; also the no-JavaScript path of every item. */
  hrefFor: (action: AgentMenuAction) => string;
  /** 创建副本 with JavaScript: copy at once, no confirmation needed. */
  copyNow: () => void;
}

/** The items the caller may use, as entries of the shared Menu (links without JavaScript, a dropdown with it). */
export function agentMenuEntries(agent: MenuTarget, { hrefFor, copyNow }: MenuHandlers): MenuEntry[] {
  return agentMenuItems
    .filter((item) => !item.permission || agent.permissions.includes(item.permission))
    .map((item) => {
      const Icon = item.icon;
      const label = (
        <span
          key={item.action}
          className={item.action === "Del" ? "flex items-center gap-2 text-danger-700" : "flex items-center gap-2"}
        >
          <Icon className="size-4" aria-hidden />
          {item.label}
        </span>
      );
      const to = hrefFor(item.action);
      if (item.action === "Create_Copy") return { kind: "command", key: item.action, label, to, onSelect: copyNow };
      return { kind: "link", key: item.action, label, to };
    });
}
