import { CircleAlert, Eraser, LinkIcon, LogIn } from "lucide-react";
import { useEffect, useMemo } from "react";
import { data, Form, Link, redirect, useFetcher } from "react-router";
import { endpoints } from "#contract/api";
import { ChatView } from "../components/chat/chat-view";
import { RunningNotice, useRunningAnswer } from "../components/chat/running-answer";
import { type ConversationView, fromDto, withOpening } from "../components/chat/types";
import type { ChatTransport } from "../components/chat/use-chat-stream";
import { Avatar } from "../components/ui/avatar";
import { Button, buttonClass } from "../components/ui/button";
import { pageTitle } from "../lib/meta";
import type { Route } from "./+types/chat-temp";
import { sendFromForm } from "./chat.server";
import {
  CHAT_KEY_RE,
  type LinkRefusal,
  openTempConversation,
  rememberUid,
  storedUid,
  UID_RE,
} from "./chat-temp.server";

/** The original client's sessionStorage key for the temporary conversation (reference §1.7). */
const SESSION_KEY = "TEMP_CONVERSATION_UID";
/** Uids this tab already tried to resume: a uid that does not come back is not asked for again. */
const resumeTried = new Set<string>();

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageTitle(matches, loaderData?.state.ok ? loaderData.state.conversation.agent.name : "临时会话");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const chatKey = params.chatKey;
  if (!CHAT_KEY_RE.test(chatKey)) {
    return {
      chatKey,
      state: { ok: false as const, refusal: { kind: "closed" as const, message: "临时会话链接不存在" } },
    };
  }
  const uid = await storedUid(request, chatKey);
  const state = await openTempConversation(context, request, chatKey, uid);
  if (!state.ok || state.conversation.uid === uid) return { chatKey, state };
  return data({ chatKey, state }, { headers: { "Set-Cookie": await rememberUid(chatKey, state.conversation.uid) } });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const chatKey = params.chatKey;
  if (!CHAT_KEY_RE.test(chatKey)) throw data({ code: "4040", message: "临时会话链接不存在", tid: "" }, { status: 404 });
  const form = await request.formData();
  const intent = form.get("intent");
  const here = `/chat-temp/${chatKey}`;

  if (intent === "clear" || intent === "resume") {
    // 清空 starts a new conversation; "resume" adopts the uid this browser tab kept in sessionStorage.
    const uid = String(form.get("uid") ?? "");
    const state =
      intent === "clear"
        ? await openTempConversation(context, request, chatKey, undefined, { create: true })
        : UID_RE.test(uid)
          ? await openTempConversation(context, request, chatKey, uid)
          : null;
    if (!state?.ok) return { intent, error: state ? null : "会话不存在" };
    const headers = { "Set-Cookie": await rememberUid(chatKey, state.conversation.uid) };
    return intent === "clear" ? redirect(here, { headers }) : data({ intent, error: null }, { headers });
  }

  if (intent !== "send") throw data({ code: "4000", message: "未知的操作", tid: "" }, { status: 400 });
  const state = await openTempConversation(context, request, chatKey, await storedUid(request, chatKey));
  if (!state.ok) return redirect(here);
  const { conversation } = state;
  const sent = await sendFromForm(context, request, form, {
    conversation,
    chatKey,
    stream: endpoints.tempchat.completions,
    body: (m) => ({ chatKey, conversationUid: conversation.uid, ...m }),
  });
  if (sent.error) return { intent, error: sent.error };
  return redirect(`${here}#chat-end`, { headers: { "Set-Cookie": await rememberUid(chatKey, conversation.uid) } });
}

function Refusal({ refusal }: { refusal: LinkRefusal }) {
  return (
    <main className="flex min-h-screen items-center justify-center p-8">
      <div className="flex max-w-md flex-col items-center gap-3 rounded-card border border-gray-200 bg-white p-8 text-center">
        {refusal.kind === "login" ? (
          <>
            <LogIn className="size-10 text-primary-600" aria-hidden strokeWidth={1.5} />
            <h1 className="font-semibold text-lg">此链接需要登录后使用</h1>
            <p className="text-gray-600">智能体的开发者设置了登录后才能对话。登录后会自动回到这里。</p>
            <Link to={refusal.loginUrl} className={buttonClass("primary")}>
              去登录
            </Link>
          </>
        ) : (
          <>
            <LinkIcon className="size-10 text-gray-400" aria-hidden strokeWidth={1.5} />
            <h1 className="font-semibold text-lg">{refusal.message}</h1>
            <p className="text-gray-600">这个临时会话链接已经不能使用了，请向分享链接的人索取新的链接。</p>
          </>
        )}
      </div>
    </main>
  );
}

export default function TempChatPage({ loaderData, actionData }: Route.ComponentProps) {
  const { chatKey, state } = loaderData;
  if (!state.ok) return <Refusal refusal={state.refusal} />;
  const error = actionData && "error" in actionData && actionData.intent === "send" ? actionData.error : null;
  return <TempChat key={state.conversation.uid} chatKey={chatKey} conversation={state.conversation} error={error} />;
}

function TempChat({
  chatKey,
  conversation,
  error,
}: {
  chatKey: string;
  conversation: ConversationView;
  error: string | null;
}) {
  const resume = useFetcher<typeof action>();
  const { uid, agent } = conversation;

  // With JavaScript the tab's sessionStorage decides which conversation continues (reference §1.7).
  useEffect(() => {
    const kept = sessionStorage.getItem(SESSION_KEY);
    if (kept && kept !== uid && !resumeTried.has(kept)) {
      resumeTried.add(kept);
      resume.submit({ intent: "resume", uid: kept }, { method: "post" });
      return;
    }
    if (resume.state === "idle") sessionStorage.setItem(SESSION_KEY, uid);
  }, [uid, resume.state, resume.submit]);

  // The opening message stays on top while the whole conversation is shown (the server sends the last 10).
  const initial = useMemo(
    () =>
      withOpening(
        conversation.messageList.map(fromDto),
        conversation.agent.openingChatMsg,
        conversation.messageList.length < 10,
      ),
    [conversation.messageList, conversation.agent.openingChatMsg],
  );
  const { waitingFor, epoch } = useRunningAnswer(conversation.runningRequestId);
  const transport = useMemo<ChatTransport>(
    () => ({
      streamUrl: "/resources/temp-chat-stream",
      temp: true,
      body: (m) => ({
        chatKey,
        conversationUid: uid,
        message: m.text,
        attachments: m.attachments,
        variableParams: m.variableParams,
      }),
    }),
    [chatKey, uid],
  );

  return (
    <div className="flex h-screen flex-col">
      <ChatView
        key={epoch}
        agent={agent}
        messages={initial}
        transport={transport}
        variableValues={conversation.variables}
        chatKey={chatKey}
        header={
          <>
            <header className="flex h-14 shrink-0 items-center gap-3 border-gray-200 border-b bg-white px-4">
              <Avatar name={agent.name} src={agent.icon || null} size="sm" />
              <div className="min-w-0 flex-1">
                <h1 className="truncate font-semibold">{agent.name}</h1>
                {agent.description ? <p className="truncate text-gray-500 text-xs">{agent.description}</p> : null}
              </div>
              {/* Forget the tab's conversation first, or the page would resume it after the reload. */}
              <Form method="post" onSubmit={() => sessionStorage.removeItem(SESSION_KEY)}>
                <input type="hidden" name="intent" value="clear" />
                <Button type="submit" variant="ghost" size="sm">
                  <Eraser className="size-4" aria-hidden />
                  清空
                </Button>
              </Form>
            </header>
            {waitingFor ? <RunningNotice requestId={waitingFor} href={`/chat-temp/${chatKey}`} temp /> : null}
            {error ? (
              <p role="alert" className="flex items-center justify-center gap-2 bg-danger-50 px-4 py-2 text-danger-700">
                <CircleAlert className="size-4" aria-hidden />
                {error}
              </p>
            ) : null}
          </>
        }
      />
    </div>
  );
}
