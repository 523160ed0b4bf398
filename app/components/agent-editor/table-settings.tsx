import { Settings } from "lucide-react";
import { Link } from "react-router";
import { bindingDraftOf, invokeTypeLabels } from "#app/components/table/binding";
import type { ComponentDto } from "#contract/api/agent-dto";
import { buttonClass } from "../ui/button";

interface TableSettingsProps {
  spaceId: number;
  agentId: number;
  /** The agent's Table components. */
  bound: ComponentDto[];
}

/**
 * Beside each bound data table: its invocation mode and data scope in a line, and 设置, which opens the table
 * binding's settings page (fields and conditions need the table's structure, so they have a page of their own).
 */
export function TableSettings({ spaceId, agentId, bound }: TableSettingsProps) {
  if (bound.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1.5" aria-label="数据表设置">
      {bound.map((item) => {
        const draft = bindingDraftOf(item.bindConfig, []);
        const scoped = Object.entries(draft.conditions).filter(([, v]) => v);
        return (
          <li key={item.id} className="flex items-center gap-2 text-[13px] text-gray-600">
            <span className="min-w-0 flex-1 truncate">
              {item.name} · {invokeTypeLabels[draft.invokeType]} ·{" "}
              {scoped.length ? `仅 ${scoped.map(([k, v]) => `${k} = ${v}`).join("、")} 的数据` : "全部数据"}
            </span>
            <Link
              to={`/space/${spaceId}/agent/${agentId}/table/${item.id}`}
              className={buttonClass("ghost", "sm")}
              aria-label={`设置数据表${item.name}`}
            >
              <Settings className="size-4" aria-hidden />
              设置
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
