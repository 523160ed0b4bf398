import { CircleAlert } from "lucide-react";
import { useCallback, useMemo, useRef } from "react";
import { data, redirect, useLocation, useNavigate, useRevalidator } from "react-router";
import { endpoints } from "#contract/api";
import { ChatHistory } from "../components/chat/chat-history";
import { ChatView } from "../components/chat/chat-view";
import { ConversationDialogs, ConversationMenu, readConversationDialog } from "../components/chat/conversation-menu";
import { RunningNotice, useRunningAnswer } from "../components/chat/running-answer";
import { fromDto, withOpening } from "../components/chat/types";
import { type ChatTransport, fetchSuggestions, titleConversation } from "../components/chat/use-chat-stream";
import { PanelDrawer } from "../components/layout/panel-drawer";
import { apiCall, tryApiCall } from "../lib/api-call.server";
import { pageTitle } from "../lib/meta";
import { redirectWithToast } from "../lib/toast.server";
import { idParam } from "../lib/url";
import type { Route } from "./+types/chat";
import { sendFromForm } from "./chat.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageTitle(matches, loaderData?.conversation.topic || loaderData?.conversation.agent.name || "会话");

const { conversation: conversations } = endpoints;

const conversationOf = (context: Route.LoaderArgs["context"], request: Request, id: number) =>
  apiCall(context, request, conversations.get, { params: { conversationId: id } });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idParam(params.id, "会话不存在");
  const conversation = await conversationOf(context, request, id);
  const history = await apiCall(context, request, conversations.list, {
    body: { agentId: conversation.agentId, limit: 20 },
  });
  const url = new URL(request.url);
  const message = url.searchParams.get("message")?.slice(0, 20_000) || null;
  return { conversation, history, message, dialog: readConversationDialog(url) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = idParam(params.id, "会话不存在");
  const form = await request.formData();
  const intent = form.get("intent");
  const here = `/home/chat/${id}`;

  if (intent === "rename") {
    const topic = String(form.get("topic") ?? "").trim();
    if (!topic) return { intent, error: "请输入会话名称" };
    const renamed = await tryApiCall(context, request, conversations.update, { body: { id, topic } });
    if (!renamed.ok) return { intent, error: renamed.error.message };
    return redirectWithToast(context, here, { type: "success", message: "已重命名" });
  }
  if (intent === "delete") {
    const deleted = await tryApiCall(context, request, conversations.delete, { params: { id } });
    if (!deleted.ok) return redirectWithToast(context, here, { type: "error", message: deleted.error.message });
    return redirectWithToast(context, "/", { type: "success", message: "删除成功" });
  }

  const conversation = await conversationOf(context, request, id);
  if (intent === "new" || intent === "clear") {
    const created = await tryApiCall(context, request, conversations.create, {
      body: { agentId: conversation.agentId, devMode: false },
    });
    if (!created.ok) return redirectWithToast(context, here, { type: "error", message: created.error.message });
    return redirect(`/home/chat/${created.data.id}`);
  }

  if (intent !== "send") throw data({ code: "4000", message: "未知的操作", tid: "" }, { status: 400 });
  // Without JavaScript: run the whole turn here, then show the finished answer after a redirect.
  const sent = await sendFromForm(context, request, form, {
    conversation,
    stream: conversations.chat,
    body: (m) => ({ conversationId: id, ...m }),
  });
  if (sent.error) return { intent, error: sent.error };
  if (conversation.topicUpdated !== 1 && sent.text) {
    await tryApiCall(context, request, conversations.update, { body: { id, firstMessage: sent.text } });
  }
  return redirect(`${here}#chat-end`);
}

export default function ChatPage({ loaderData, actionData }: Route.ComponentProps) {
  const failed = actionData && "error" in actionData ? actionData : null;
  const error = failed && failed.intent !== "rename" ? (failed.error ?? null) : null;
  const renameError = failed?.intent === "rename" ? (failed.error ?? null) : null;
  // One instance per conversation: switching conversations resets the stream, chips, panel and title state.
  return (
    <ConversationPage
      key={loaderData.conversation.id}
      {...loaderData}
      error={error ?? null}
      renameError={renameError}
    />
  );
}

type ConversationPageProps = Route.ComponentProps["loaderData"] & {
  error: string | null;
  renameError: string | null;
};

function ConversationPage({ conversation, history, message, dialog, error, renameError }: ConversationPageProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const titled = useRef(conversation.topicUpdated === 1);

  const { id, agent } = conversation;
  const here = `/home/chat/${id}`;
  // The server sends the last 10 messages: fewer means the whole conversation, opening message included.
  const initial = useMemo(
    () =>
      withOpening(conversation.messageList.map(fromDto), agent.openingChatMsg, conversation.messageList.length < 10),
    [conversation.messageList, agent.openingChatMsg],
  );
  const title = conversation.topic || agent.name;
  const transport = useMemo<ChatTransport>(
    () => ({
      streamUrl: "/resources/chat-stream",
      body: (m) => ({
        conversationId: id,
        message: m.text,
        attachments: m.attachments,
        variableParams: m.variableParams,
      }),
      suggest: agent.openSuggest === "Open" ? () => fetchSuggestions(id) : undefined,
      // After the first answer the server titles the conversation; a revalidation then shows it in the history.
      onAnswered: (m) => {
        if (titled.current) return;
        titled.current = true;
        void titleConversation(id, m.text).then(() => revalidator.revalidate());
      },
    }),
    [id, agent.openSuggest, revalidator.revalidate],
  );

  const clearMessageParam = useCallback(
    () => navigate(location.pathname, { replace: true, preventScrollReset: true }),
    [navigate, location.pathname],
  );

  const { waitingFor, epoch } = useRunningAnswer(conversation.runningRequestId);

  return (
    <>
      <PanelDrawer label="历史会话">
        <ChatHistory agent={agent} history={history} currentId={id} />
      </PanelDrawer>
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
                <h1 className="min-w-0 truncate font-semibold" title={title}>
                  {title}
                </h1>
                {conversation.topic ? (
                  <span className="min-w-0 max-w-40 shrink-[2] truncate text-gray-400 text-xs">{agent.name}</span>
                ) : null}
                <span className="ml-auto" />
                <ConversationMenu here={here} title={title} />
              </header>
              <ConversationDialogs dialog={dialog} here={here} topic={conversation.topic} error={renameError} />
              {waitingFor ? <RunningNotice requestId={waitingFor} href={here} /> : null}
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
