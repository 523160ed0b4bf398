import { Settings } from "lucide-react";
import { Link } from "react-router";
import type { ComponentDto } from "#contract/api/agent-dto";
import { buttonClass } from "../ui/button";
import { toolSummaryOf } from "./tool-binding";

interface ToolSettingsProps {
  spaceId: number;
  agentId: number;
  type: "Plugin" | "Workflow";
  /** The agent's components of the type. */
  bound: ComponentDto[];
}

const labels = { Plugin: "插件", Workflow: "工作流" } as const;

/** Where a bound plugin's or workflow's settings are edited (a page of its own: the argument table needs room). */
export const toolBindingPath = (spaceId: number, agentId: number, componentId: number) =>
  `/space/${spaceId}/agent/${agentId}/tool/${componentId}`;

/**
 * Beside each bound plugin or workflow: its invocation mode and bound arguments in a line, and 设置, which opens
 * the binding's settings page.
 */
export function ToolSettings({ spaceId, agentId, type, bound }: ToolSettingsProps) {
  if (bound.length === 0) return null;
  const label = labels[type];
  return (
    <ul className="flex flex-col gap-1.5" aria-label={`${label}设置`}>
      {bound.map((item) => (
        <li key={item.id} className="flex items-center gap-2 text-[13px] text-gray-600">
          <span className="min-w-0 flex-1 truncate">
            {item.name} · {toolSummaryOf(item.bindConfig)}
          </span>
          <Link
            to={toolBindingPath(spaceId, agentId, item.id)}
            className={buttonClass("ghost", "sm")}
            aria-label={`设置${label}${item.name}`}
          >
            <Settings className="size-4" aria-hidden />
            设置
          </Link>
        </li>
      ))}
    </ul>
  );
}
