import { CircleAlert } from "lucide-react";
import { useCallback, useMemo, useRef } from "react";
import { data, redirect, useFetcher, useLocation, useNavigate } from "react-router";
import { endpoints } from "#contract/api";
import { ChatHistory } from "../components/chat/chat-history";
import { ChatView } from "../components/chat/chat-view";
import { RunningNotice, useRunningAnswer } from "../components/chat/running-answer";
import { fromDto } from "../components/chat/types";
import { type ChatTransport, fetchSuggestions } from "../components/chat/use-chat-stream";
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
  const message = new URL(request.url).searchParams.get("message")?.slice(0, 20_000) || null;
  return { conversation, history, message };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = idParam(params.id, "会话不存在");
  const form = await request.formData();
  const intent = form.get("intent");
  const here = `/home/chat/${id}`;

  if (intent === "title") {
    const firstMessage = String(form.get("firstMessage") ?? "").slice(0, 5000);
    const updated = await tryApiCall(context, request, conversations.update, { body: { id, firstMessage } });
    return { intent, ok: updated.ok };
  }

  const conversation = await conversationOf(context, request, id);
  if (intent === "new") {
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
      suggest: agent.openSuggest === "Open" ? () => fetchSuggestions(id) : undefined,
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

  const { waitingFor, epoch } = useRunningAnswer(conversation.runningRequestId);

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
