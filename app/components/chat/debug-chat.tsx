import { LoaderCircle, RotateCcw } from "lucide-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button } from "../ui/button";
import { ChatView } from "./chat-view";
import { type ConversationView, fromDto } from "./types";
import { type ChatTransport, fetchSuggestions } from "./use-chat-stream";

type DevConversation =
  | { status: "loading" }
  | { status: "ready"; view: ConversationView }
  | { status: "error"; message: string };

/** Starts a debug conversation on the agent's draft (devMode: the editor's config, no history entry). */
async function createDevConversation(agentId: number): Promise<DevConversation> {
  try {
    const res = await fetch("/resources/dev-conversation", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ agentId }),
    });
    const envelope = (await res.json()) as { code: string; message: string; data: ConversationView };
    if (envelope.code === "4010" || envelope.code === "4011") {
      window.location.assign(`/login?redirect=${encodeURIComponent(window.location.pathname)}`);
    }
    return envelope.code === "0000"
      ? { status: "ready", view: envelope.data }
      : { status: "error", message: envelope.message };
  } catch {
    return { status: "error", message: "网络超时或服务不可用，请稍后再试" };
  }
}

function DebugSession({ view }: { view: ConversationView }) {
  const initial = useMemo(() => view.messageList.map(fromDto), [view.messageList]);
  const { id, agent } = view;
  const transport = useMemo<ChatTransport>(
    () => ({
      streamUrl: "/resources/chat-stream",
      body: (m) => ({
        conversationId: id,
        message: m.text,
        attachments: m.attachments,
        variableParams: m.variableParams,
        debug: true,
      }),
      suggest: agent.openSuggest === "Open" ? () => fetchSuggestions(id) : undefined,
    }),
    [id, agent.openSuggest],
  );
  return (
    <ChatView
      agent={agent}
      messages={initial}
      transport={transport}
      variableValues={view.variables}
      formId="debug-composer"
      details
      panelOverlay
    />
  );
}

/**
 * The agent editor's 预览与调试: a chat with the current draft in a devMode conversation, each answer with
 * its debug details (steps' input/output, tokens, duration). 新会话 starts over with the latest draft.
 * Needs JavaScript (the page says so without it).
 */
export function DebugChat({ agentId }: { agentId: number }) {
  const hydrated = useHydrated();
  const [session, setSession] = useState<DevConversation>({ status: "loading" });
  const restart = useCallback(async () => {
    setSession({ status: "loading" });
    setSession(await createDevConversation(agentId));
  }, [agentId]);
  useEffect(() => {
    if (hydrated) void restart();
  }, [hydrated, restart]);

  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-hidden rounded-card border border-gray-200 bg-white">
      <header className="flex items-center justify-between border-gray-200 border-b px-4 py-2">
        <h2 className="font-semibold">预览与调试</h2>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void restart()}
          disabled={!hydrated || session.status === "loading"}
          title="清空对话，用最新的配置开始新会话"
        >
          <RotateCcw className="size-3.5" aria-hidden />
          新会话
        </Button>
      </header>
      {!hydrated ? (
        <p className="p-6 text-center text-[13px] text-gray-500">调试对话需要启用 JavaScript。</p>
      ) : session.status === "loading" ? (
        <p className="flex items-center justify-center gap-2 p-6 text-[13px] text-gray-500">
          <LoaderCircle className="size-4 animate-spin" aria-hidden />
          正在准备调试会话…
        </p>
      ) : session.status === "error" ? (
        <div className="flex flex-col items-center gap-3 p-6 text-center">
          <p role="alert" className="text-[13px] text-danger-600">
            {session.message}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void restart()}>
            重试
          </Button>
        </div>
      ) : (
        <DebugSession key={session.view.id} view={session.view} />
      )}
    </div>
  );
}
