import type { ReactNode } from "react";
import { Link } from "react-router";
import { AgentIcon } from "../agent/agent-icon";

/**
 * The fields the home page shows of a /api/home/list item. The server types `categoryItems` as unknown[]
 * (server/modules/agent/relation-service.ts homeList), so this names the part of its shape used here.
 */
export interface HomeListItem {
  targetId: number;
  name: string;
  description: string;
  icon: string;
}

interface HomeAgentListProps {
  title: string;
  items: HomeListItem[];
  /** What to do when the list is empty. */
  empty: ReactNode;
}

/** One of the home lists (最近使用, 最近编辑, 我的收藏): cards opening the agent's details. */
export function HomeAgentList({ title, items, empty }: HomeAgentListProps) {
  return (
    <section aria-label={title} className="flex flex-col gap-3">
      <h2 className="font-semibold text-base">{title}</h2>
      {items.length === 0 ? (
        <p className="rounded-card border border-gray-300 border-dashed px-4 py-6 text-center text-gray-500">{empty}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <li key={item.targetId}>
              <Link
                to={`/agent/${item.targetId}`}
                className="flex h-full items-start gap-3 rounded-card border border-gray-200 bg-white p-3 transition-shadow hover:shadow-md"
              >
                <AgentIcon name={item.name} icon={item.icon} size="sm" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{item.name}</span>
                  <span className="line-clamp-2 text-[13px] text-gray-500">{item.description || "暂无描述"}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
