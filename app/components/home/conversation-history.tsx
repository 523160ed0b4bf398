import { clsx } from "clsx";
import { Trash2 } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { formatRelative } from "#app/lib/format";
import type { ConversationListItemDto } from "#contract/api/conversation";
import { AgentIcon } from "../agent/agent-icon";
import { Button, buttonClass } from "../ui/button";
import { Confirm } from "../ui/confirm";

interface HistoryListProps {
  items: ConversationListItemDto[];
  /** The page with the delete confirmation for one conversation open (`?delete=id`). */
  deleteHref: (id: number) => string;
  /** Roomier rows for the full-page list. */
  wide?: boolean;
}

/** Conversations across agents: each opens its chat; the bin asks before deleting. */
export function HistoryList({ items, deleteHref, wide }: HistoryListProps) {
  return (
    <ul className="flex flex-col gap-0.5">
      {items.map((c) => {
        const title = c.topic || "新的会话";
        return (
          <li key={c.id} className="group relative flex items-center rounded-md hover:bg-gray-100">
            <Link
              to={`/home/chat/${c.id}`}
              className={clsx("flex min-w-0 flex-1 items-center gap-2 px-2", wide ? "py-2.5" : "py-1.5")}
            >
              <AgentIcon name={c.agent.name || "智能体"} icon={c.agent.icon} size="sm" />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate text-gray-800" title={title}>
                  {title}
                </span>
                <span className="truncate text-gray-400 text-xs">
                  {c.agent.name || "已删除的智能体"} ·{" "}
                  <span suppressHydrationWarning>{formatRelative(c.modified)}</span>
                </span>
              </span>
            </Link>
            <Link
              to={deleteHref(c.id)}
              preventScrollReset
              aria-label={`删除会话「${title}」`}
              title="删除"
              className="mr-1 shrink-0 rounded p-1 text-gray-400 hover:bg-white hover:text-danger-700 focus-visible:opacity-100 group-hover:opacity-100 md:opacity-0"
            >
              <Trash2 className="size-3.5" aria-hidden />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** `?delete=<id>` on a page that lists conversations: the confirmation, posting `intent=deleteConversation`. */
export function DeleteConversation({
  conversation,
  cancelTo,
}: {
  conversation: { id: number; topic: string } | null;
  cancelTo: string;
}) {
  const navigation = useNavigation();
  if (!conversation) return null;
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "deleteConversation";
  return (
    <Confirm
      title="永久删除会话"
      description={`「${conversation.topic || "新的会话"}」的会话数据将被永久删除，不可恢复及撤销。确定要删除吗？`}
      cancelTo={cancelTo}
    >
      {/* "/" alone would post to the root layout; "?index" names the home page's own action. */}
      <Form method="post" action={cancelTo === "/" ? "/?index" : cancelTo} className="flex justify-end gap-2">
        <input type="hidden" name="intent" value="deleteConversation" />
        <input type="hidden" name="conversationId" value={conversation.id} />
        <Link to={cancelTo} replace className={buttonClass("secondary")}>
          取消
        </Link>
        <Button type="submit" variant="danger" loading={busy}>
          删除
        </Button>
      </Form>
    </Confirm>
  );
}
