import { CircleAlert, LoaderCircle } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { data, redirect, useFetcher, useLocation, useNavigate, useRevalidator } from "react-router";
import { ChatHistory, type ConversationSummary } from "../components/chat/chat-history";
import { ChatView } from "../components/chat/chat-view";
import { type ConversationView, fromDto } from "../components/chat/types";
import { type ChatTransport, requestStop } from "../components/chat/use-chat-stream";
import { missingRequired } from "../components/chat/variables";
import { api, tryApi } from "../lib/api.server";
import { pageTitle } from "../lib/meta";
import { redirectWithToast } from "../lib/toast.server";
import { idParam } from "../lib/url";
import { useHydrated } from "../lib/use-hydrated";
import type { Route } from "./+types/chat";
import { readChatForm, runTurnToEnd, uploadFiles } from "./chat.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageTitle(matches, loaderData?.conversation.topic || loaderData?.conversation.agent.name || "会话");

const conversationOf = (context: Route.LoaderArgs["context"], request: Request, id: number) =>
  api<ConversationView>(context, request, `/api/agent/conversation/${id}`, { method: "POST" });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idParam(params.id, "会话不存在");
  const conversation = await conversationOf(context, request, id);
  const history = await api<ConversationSummary[]>(context, request, "/api/agent/conversation/list", {
    body: { agentId: conversation.agentId, limit: 20 },
  });
  const message = new URL(request.url).searchParams.get("message")?.slice(0, 20_000) || null;
  return { conversation, history, message };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = idParam(params.id, "会话不存在");
  const form = await request.formData();
  const intent = form.get("intent");
  const conversation = await conversationOf(context, request, id);
  const here = `/home/chat/${id}`;

  if (intent === "new") {
    const created = await tryApi<ConversationView>(context, request, "/api/agent/conversation/create", {
      body: { agentId: conversation.agentId, devMode: false },
    });
    if (!created.ok) return redirectWithToast(here, { type: "error", message: created.error.message });
    return redirect(`/home/chat/${created.data.id}`);
  }

  if (intent === "title") {
    const firstMessage = String(form.get("firstMessage") ?? "").slice(0, 5000);
    const updated = await tryApi(context, request, "/api/agent/conversation/update", { body: { id, firstMessage } });
    return { intent, ok: updated.ok };
  }

  if (intent !== "send") throw data({ code: "4000", message: "未知的操作", tid: "" }, { status: 400 });
  // Without JavaScript: run the whole turn here, then show the finished answer after a redirect.
  const { text, files, variableParams } = readChatForm(form, conversation.agent.variables);
  const firstTurn = !conversation.messageList.some((m) => m.role === "USER");
  const missing = firstTurn ? missingRequired(conversation.agent.variables, variableParams) : [];
  if (missing.length) return { intent, error: `请填写必填参数：${missing.join("、")}` };
  const uploaded = await uploadFiles(context, request, files);
  if (!uploaded.ok) return { intent, error: uploaded.error };
  if (!text && !uploaded.attachments.length) return { intent, error: "请输入消息" };
  const turn = await runTurnToEnd(context, request, "/api/agent/conversation/chat", {
    conversationId: id,
    message: text,
    attachments: uploaded.attachments,
    variableParams,
  });
  if (!turn.ok) return { intent, error: turn.error };
  if (conversation.topicUpdated !== 1 && text) {
    await tryApi(context, request, "/api/agent/conversation/update", { body: { id, firstMessage: text } });
  }
  return redirect(`${here}#chat-end`);
}

const RUNNING_POLL_MS = 2000;

/** An answer from an earlier visit is still being generated: offer to stop it and refresh until it ends. */
function RunningNotice({ requestId, href }: { requestId: string; href: string }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => revalidator.revalidate(), RUNNING_POLL_MS);
    return () => clearInterval(timer);
  }, [revalidator]);
  return (
    <div className="flex items-center justify-center gap-3 border-gray-200 border-b bg-primary-50 px-4 py-2 text-[13px] text-primary-700">
      <LoaderCircle className="size-4 animate-spin" aria-hidden />
      上一条回复仍在生成中，完成后会自动显示。
      {hydrated ? (
        <button
          type="button"
          className="underline"
          onClick={() => void requestStop(requestId).then(() => revalidator.revalidate())}
        >
          停止生成
        </button>
      ) : (
        <a href={href} className="underline">
          刷新
        </a>
      )}
    </div>
  );
}

export default function ChatPage({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData && "error" in actionData ? actionData.error : null;
  // One instance per conversation: switching conversations resets the stream, chips, panel and title state.
  return <ConversationPage key={loaderData.conversation.id} {...loaderData} error={error ?? null} />;
}

type ConversationPageProps = Route.ComponentProps["loaderData"] & { error: string | null };

function ConversationPage({ conversation, history, message, error }: ConversationPageProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const titleFetcher = useFetcher();
  const titled = useRef(conversation.topicUpdated === 1);

  const initial = useMemo(() => conversation.messageList.map(fromDto), [conversation.messageList]);
  const { id, agent } = conversation;
  const transport = useMemo<ChatTransport>(
    () => ({
      streamUrl: "/resources/chat-stream",
      body: (m) => ({
        conversationId: id,
        message: m.text,
        attachments: m.attachments,
        variableParams: m.variableParams,
      }),
      suggest:
        agent.openSuggest === "Open"
          ? async () => {
              const res = await fetch("/resources/chat-suggest", {
                method: "POST",
                headers: { "content-type": "application/json" },
                body: JSON.stringify({ conversationId: id }),
              });
              const envelope = (await res.json()) as { code: string; data: string[] | null };
              return envelope.code === "0000" ? (envelope.data ?? []) : [];
            }
          : undefined,
      // After the first answer the server titles the conversation; the action's revalidation refreshes the history.
      onAnswered: (m) => {
        if (titled.current) return;
        titled.current = true;
        titleFetcher.submit({ intent: "title", firstMessage: m.text }, { method: "post" });
      },
    }),
    [id, agent.openSuggest, titleFetcher.submit],
  );

  const clearMessageParam = useCallback(
    () => navigate(location.pathname, { replace: true, preventScrollReset: true }),
    [navigate, location.pathname],
  );

  // An answer still running from an earlier visit: once it ends, start again from the stored messages.
  const [waitingFor, setWaitingFor] = useState(conversation.runningRequestId);
  const [epoch, setEpoch] = useState(0);
  useEffect(() => {
    if (waitingFor && conversation.runningRequestId !== waitingFor) {
      setWaitingFor(null);
      setEpoch((n) => n + 1);
    }
  }, [waitingFor, conversation.runningRequestId]);

  return (
    <>
      <ChatHistory agent={agent} history={history} currentId={id} />
      <main className="flex min-w-0 flex-1 flex-col">
        <ChatView
          key={epoch}
          agent={agent}
          messages={initial}
          transport={transport}
          variableValues={conversation.variables}
          autoSend={message ?? undefined}
          onAutoSent={clearMessageParam}
          details
          header={
            <>
              <header className="flex h-12 shrink-0 items-center gap-2 border-gray-200 border-b bg-white px-4">
                <h1 className="truncate font-semibold">{conversation.topic || agent.name}</h1>
                {conversation.topic ? <span className="truncate text-gray-400 text-xs">{agent.name}</span> : null}
              </header>
              {waitingFor ? <RunningNotice requestId={waitingFor} href={`/home/chat/${id}`} /> : null}
              {error ? (
                <p
                  role="alert"
                  className="flex items-center justify-center gap-2 bg-danger-50 px-4 py-2 text-danger-700"
                >
                  <CircleAlert className="size-4" aria-hidden />
                  {error}
                </p>
              ) : null}
            </>
          }
        />
      </main>
    </>
  );
}
