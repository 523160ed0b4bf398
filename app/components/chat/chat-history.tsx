import { clsx } from "clsx";
import { MessageSquarePlus } from "lucide-react";
import { Form, NavLink, useNavigation } from "react-router";
import { formatRelative } from "#app/lib/format";
import type { ConversationDto } from "#contract/api/conversation";
import { TaskSection } from "../task/task-list";
import { Avatar } from "../ui/avatar";
import { Button } from "../ui/button";

export type ConversationSummary = ConversationDto;

interface ChatHistoryProps {
  agent: { name: string; icon: string; agentId?: number; openScheduledTask?: string };
  history: ConversationSummary[];
  currentId: number;
}

/**
 * The second-level panel of a chat: the agent, 新建会话 (a POST to the page's action, so it works without
 * JavaScript) and the agent's recent conversations.
 */
export function ChatHistory({ agent, history, currentId }: ChatHistoryProps) {
  const navigation = useNavigation();
  const creating = navigation.state !== "idle" && navigation.formData?.get("intent") === "new";
  return (
    <aside className="flex w-60 shrink-0 flex-col gap-3 border-gray-200 border-r bg-white p-3">
      <div className="flex items-center gap-2 px-1 pt-1">
        <Avatar name={agent.name} src={agent.icon || null} size="sm" />
        <p className="truncate font-semibold">{agent.name}</p>
      </div>
      <Form method="post">
        <input type="hidden" name="intent" value="new" />
        <Button type="submit" variant="secondary" className="w-full" loading={creating}>
          <MessageSquarePlus className="size-4" aria-hidden />
          新建会话
        </Button>
      </Form>
      <nav aria-label="历史会话" className="flex min-h-0 flex-1 flex-col gap-1">
        <p className="px-2 text-gray-500 text-xs">历史会话</p>
        {history.length ? (
          <ul className="flex flex-col gap-0.5 overflow-y-auto">
            {history.map((c) => (
              <li key={c.id}>
                <NavLink
                  to={`/home/chat/${c.id}`}
                  aria-current={c.id === currentId ? "page" : undefined}
                  className={clsx(
                    "flex flex-col rounded-md px-2 py-1.5 transition-colors",
                    c.id === currentId ? "bg-primary-50 text-primary-700" : "text-gray-700 hover:bg-gray-100",
                  )}
                >
                  <span className="truncate">{c.topic || "新的会话"}</span>
                  <span className="text-gray-400 text-xs" suppressHydrationWarning>
                    {formatRelative(c.modified)}
                  </span>
                </NavLink>
              </li>
            ))}
          </ul>
        ) : (
          <p className="px-2 text-gray-400 text-[13px]">还没有历史会话，发送第一条消息吧。</p>
        )}
      </nav>
      {agent.agentId && agent.openScheduledTask === "Open" ? <TaskSection agentId={agent.agentId} /> : null}
    </aside>
  );
}
