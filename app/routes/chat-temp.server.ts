import { type AppLoadContext, createCookie, data } from "react-router";
import { endpoints } from "#contract/api";
import { apiEnvelope, type DataOf } from "../lib/api-call.server";

export const CHAT_KEY_RE = /^ck-[a-f0-9]{32}$/;
export const UID_RE = /^[a-f0-9]{32}$/;

/**
 * The temporary conversation's uid lives in a cookie named after the link, so each link keeps its own
 * conversation (with JavaScript the page also mirrors it in sessionStorage, as the original). The path is
 * /chat-temp, not the link's own path: the router's data requests go to /chat-temp/<key>.data.
 */
const conversationCookie = (chatKey: string) =>
  createCookie(`temp_${chatKey}`, { path: "/chat-temp", httpOnly: true, sameSite: "lax" });

const pagePath = (chatKey: string) => `/chat-temp/${chatKey}`;

export async function storedUid(request: Request, chatKey: string) {
  const value: unknown = await conversationCookie(chatKey).parse(request.headers.get("cookie"));
  return typeof value === "string" && UID_RE.test(value) ? value : undefined;
}

export const rememberUid = (chatKey: string, uid: string) => conversationCookie(chatKey).serialize(uid);

/** Why a link cannot be used, as the page explains it. */
export type LinkRefusal = { kind: "login"; loginUrl: string } | { kind: "closed"; message: string };

/** The conversation behind a link, as the temporary-chat endpoints answer it. */
type TempConversation = DataOf<typeof endpoints.tempchat.conversationQuery>;

export type TempChatState = { ok: true; conversation: TempConversation } | { ok: false; refusal: LinkRefusal };

function refusalOf(code: string, message: string, chatKey: string): LinkRefusal {
  if (code === "4010" || code === "4011") {
    return { kind: "login", loginUrl: `/login?redirect=${encodeURIComponent(pagePath(chatKey))}` };
  }
  if (code === "0001" || code === "4040" || code === "4000") return { kind: "closed", message };
  throw data({ code, message, tid: "" }, { status: code === "4290" ? 429 : 500 });
}

/** The link's conversation: the remembered one, or a new one when none is remembered (or it is gone). */
export async function openTempConversation(
  context: AppLoadContext,
  request: Request,
  chatKey: string,
  uid: string | undefined,
  { create = false } = {},
): Promise<TempChatState> {
  const { envelope } = create
    ? await apiEnvelope(context, request, endpoints.tempchat.conversationCreate, { body: { chatKey } })
    : await apiEnvelope(context, request, endpoints.tempchat.conversationQuery, {
        body: { chatKey, conversationUid: uid },
      });
  if (envelope.code === "0000") return { ok: true, conversation: envelope.data };
  // A remembered conversation that no longer belongs to this link: start a fresh one.
  if (uid && envelope.code === "4040" && envelope.message === "会话不存在") {
    return openTempConversation(context, request, chatKey, undefined);
  }
  return { ok: false, refusal: refusalOf(envelope.code, envelope.message, chatKey) };
}
