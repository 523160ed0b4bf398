import {
  ArrowRightLeft,
  BarChart3,
  Copy,
  Download,
  Ellipsis,
  Link2,
  PackageMinus,
  ScrollText,
  Star,
  Trash2,
} from "lucide-react";
import { endpoints, pathOf } from "#contract/api";
import type { AgentPermission } from "#contract/api/agent-dto";
import { iconSprite, SpriteIcon } from "../ui/icon-sprite";
import type { MenuEntry } from "../ui/menu";

/** The card menu's actions (SPEC §3 "Agent action menu"). */
export type AgentMenuAction =
  | "Analyze"
  | "Create_Copy"
  | "Move"
  | "Temporary_Session"
  | "Export"
  | "Log"
  | "Off_Shelf"
  | "Del";

export interface AgentMenuItem {
  action: AgentMenuAction;
  label: string;
  /** Shown only when the agent's `permissions` include it (the server checks again). */
  permission?: AgentPermission;
}

/** The card menu, in order. 临时会话 and 下架 lead to their own pages; the rest open on the develop page. */
export const agentMenuItems: readonly AgentMenuItem[] = [
  { action: "Analyze", label: "分析" },
  { action: "Create_Copy", label: "创建副本", permission: "Copy" },
  { action: "Move", label: "迁移", permission: "Transfer" },
  { action: "Temporary_Session", label: "临时会话", permission: "TempChat" },
  { action: "Export", label: "导出配置", permission: "Export" },
  { action: "Log", label: "日志" },
  { action: "Off_Shelf", label: "下架", permission: "Publish" },
  { action: "Del", label: "删除", permission: "Delete" },
];

/**
 * The icons of every agent card (its star, its menu's trigger and items), drawn once by the list that shows
 * the cards (`<SpriteSymbols sprite={agentCardIcons} />`).
 */
export const agentCardIcons = iconSprite("agent-card", {
  Analyze: BarChart3,
  Create_Copy: Copy,
  Move: ArrowRightLeft,
  Temporary_Session: Link2,
  Export: Download,
  Log: ScrollText,
  Off_Shelf: PackageMinus,
  Del: Trash2,
  Star,
  More: Ellipsis,
});

interface MenuTarget {
  id: number;
  spaceId: number;
  publishStatus: string;
  permissions: readonly AgentPermission[];
}

/** Actions with pages of their own (temporary links, the publication list where 下架 lives). */
function ownPage(agent: MenuTarget, action: AgentMenuAction) {
  const base = `/space/${agent.spaceId}/agent/${agent.id}`;
  if (action === "Temporary_Session") return `${base}/temp-links`;
  if (action === "Off_Shelf") return `${base}/publish#publish-records`;
  if (action === "Log") return `${base}/log`;
  // The file itself: a plain link downloads it (the session cookie signs the request).
  if (action === "Export") return pathOf(endpoints.agentExport.export, { agentId: agent.id });
  return null;
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
    .filter((item) => item.action !== "Off_Shelf" || agent.publishStatus === "Published")
    .map((item) => {
      const label = (
        <span
          key={item.action}
          className={item.action === "Del" ? "flex items-center gap-2 text-danger-700" : "flex items-center gap-2"}
        >
          <SpriteIcon sprite={agentCardIcons} name={item.action} className="size-4" />
          {item.label}
        </span>
      );
      const to = ownPage(agent, item.action) ?? hrefFor(item.action);
      if (item.action === "Create_Copy") return { kind: "command", key: item.action, label, to, onSelect: copyNow };
      // With JavaScript a client-side <Link> would look for a page there; the browser downloads it instead.
      if (item.action === "Export") {
        return { kind: "command", key: item.action, label, to, onSelect: () => window.location.assign(to) };
      }
      return { kind: "link", key: item.action, label, to };
    });
}
