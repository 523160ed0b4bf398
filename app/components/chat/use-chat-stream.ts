import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "#app/lib/toast";
import { applyEvent, startTurn, type Turn } from "./stream-reducer";
import { type Attachment, type ChatMessage, localMessage, type SidePanel, storedSuggestions } from "./types";

/**
 * The stream's reader and the contract's schema its frames are checked against (zod, ~28 KB gzip) load with the
 * first message sent, alongside its request, not with the page.
 */
const loadStreamReader = () => Promise.all([import("#app/lib/sse"), import("#contract/chat")]);

/** Stream events are applied at once but shown in batches, so long answers do not re-render per token. */
const FLUSH_MS = 200;
const NETWORK_ERROR = "网络超时或服务不可用，请稍后再试";

export interface Outgoing {
  text: string;
  attachments: Attachment[];
  variableParams: Record<string, unknown>;
}

export interface ChatTransport {
  /** The resource route that relays the SSE stream. */
  streamUrl: string;
  /** The JSON body of one message. */
  body: (message: Outgoing) => Record<string, unknown>;
  /** Temporary-link chats stop through their own path. */
  temp?: boolean;
  /** Follow-up questions after a successful answer; leave out when suggestions are off. */
  suggest?: () => Promise<string[]>;
  /** Runs once an answer has reached the server and ended (e.g. to generate the conversation's title). */
  onAnswered?: (message: Outgoing, answer: ChatMessage) => void;
}

interface ActiveRun {
  abort: AbortController;
  requestId: string | null;
  /** Stop was pressed before the first event told us the request id. */
  stopWanted: boolean;
  /** Cuts the stream off if it has not ended a while after 停止生成. */
  stopTimer?: ReturnType<typeof setTimeout>;
}

/**
 * After 停止生成 the stream still brings the answer's last pieces and its FINAL_RESULT (the server stops the
 * model and saves what was sent), so the screen ends with exactly what was saved. Only a stream that does not
 * end within this grace is cut off here.
 */
const STOP_GRACE_MS = 10_000;

function stopRun(run: ActiveRun & { requestId: string }, temp?: boolean) {
  void requestStop(run.requestId, temp);
  run.stopTimer ??= setTimeout(() => run.abort.abort(), STOP_GRACE_MS);
}

/** Asks the backend to stop an answer; the reader's own fetch is aborted separately. */
export function requestStop(requestId: string, temp = false) {
  return fetch("/resources/chat-stop", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ requestId, temp }),
  }).catch(() => undefined);
}

/** Follow-up questions for the conversation's last answer (empty when suggestions are off or fail). */
export async function fetchSuggestions(conversationId: number) {
  const res = await fetch("/resources/chat-suggest", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ conversationId }),
  });
  const envelope = (await res.json()) as { code: string; data: string[] | null };
  return envelope.code === "0000" ? (envelope.data ?? []) : [];
}

/** Titles a conversation after its first answer (the server names it from the message); a failure leaves it as it was. */
export async function titleConversation(conversationId: number, firstMessage: string) {
  await fetch("/resources/chat-title", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ conversationId, firstMessage }),
  }).catch(() => {});
}

/** The Chinese reason of a refused stream; a lapsed session goes to the login page. */
async function refusalOf(res: Response) {
  const envelope = (await res.json().catch(() => null)) as { code?: string; message?: string } | null;
  if (envelope?.code === "4010" || envelope?.code === "4011") {
    const back = window.location.pathname + window.location.search;
    const login = envelope.message?.startsWith("/login") ? envelope.message : null;
    window.location.assign(login ?? `/login?redirect=${encodeURIComponent(back)}`);
  }
  return envelope?.message || `请求失败（HTTP ${res.status}）`;
}

const failed = (turn: Turn, error: string): Turn => ({ ...turn, answer: { ...turn.answer, status: "error", error } });

/**
 * The chat's live state: messages (the stored ones, then what this page sent and streamed), suggestion chips,
 * the side panel, and send/stop. Leaving the page (unmounting) aborts a running stream.
 */
export function useChatStream(initial: ChatMessage[], transport: ChatTransport) {
  const [messages, setMessages] = useState(initial);
  const [chips, setChips] = useState<string[]>(() => storedSuggestions(initial));
  const [panel, setPanel] = useState<SidePanel>({ mode: "Hide" });
  const [streaming, setStreaming] = useState(false);
  const transportRef = useRef(transport);
  transportRef.current = transport;
  const active = useRef<ActiveRun | null>(null);
  /** Counts sends, so suggestions that arrive after the next message was sent are dropped. */
  const turns = useRef(0);

  useEffect(() => () => active.current?.abort.abort(), []);

  const send = useCallback(async (out: Outgoing) => {
    if (active.current) return;
    const t = transportRef.current;
    const run: ActiveRun = { abort: new AbortController(), requestId: null, stopWanted: false };
    active.current = run;
    const turnNumber = ++turns.current;
    let turn = startTurn(localMessage("ASSISTANT", { status: "loading" }));
    let shown = turn;
    setStreaming(true);
    setChips([]);
    setMessages((prev) => [
      ...prev.map((m) => (m.status === "incomplete" ? { ...m, status: "complete" as const } : m)),
      localMessage("USER", { text: out.text, attachments: out.attachments }),
      turn.answer,
    ]);
    const flush = () => {
      if (shown === turn) return;
      const { answer, cards, questionOptions } = turn;
      if (cards.length && cards !== shown.cards) setPanel({ mode: "Show_Stand", cards });
      if (questionOptions && questionOptions !== shown.questionOptions) setChips(questionOptions);
      shown = turn;
      setMessages((prev) => prev.map((m) => (m.key === answer.key ? answer : m)));
    };
    const timer = setInterval(flush, FLUSH_MS);
    try {
      const [res, [{ readJsonStream }, { chatEventSchema }]] = await Promise.all([
        fetch(t.streamUrl, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "text/event-stream" },
          body: JSON.stringify(t.body(out)),
          signal: run.abort.signal,
        }),
        loadStreamReader(),
      ]);
      if (!res.ok || !res.body) {
        turn = failed(turn, await refusalOf(res));
      } else {
        await readJsonStream(res.body, chatEventSchema, (event) => {
          turn = applyEvent(turn, event);
          if (!run.requestId && turn.answer.requestId) {
            run.requestId = turn.answer.requestId;
            if (run.stopWanted) stopRun(run as ActiveRun & { requestId: string }, t.temp);
          }
          return turn.done;
        });
        if (!turn.done && !run.abort.signal.aborted) turn = failed(turn, "连接已中断，回复可能不完整");
      }
    } catch {
      if (!run.abort.signal.aborted) {
        toast.error(NETWORK_ERROR);
        turn = failed(turn, NETWORK_ERROR);
      }
    } finally {
      clearInterval(timer);
      clearTimeout(run.stopTimer);
      if (run.abort.signal.aborted && !turn.done) turn = { ...turn, answer: { ...turn.answer, status: "stopped" } };
      flush();
      active.current = null;
      setStreaming(false);
    }
    if (turn.answer.status === "complete" && !turn.questionOptions && t.suggest) {
      t.suggest()
        .then((list) => {
          if (turns.current === turnNumber) setChips(list);
        })
        .catch(() => {});
    }
    if (turn.answer.requestId) t.onAnswered?.(out, turn.answer);
  }, []);

  const stop = useCallback(() => {
    const run = active.current;
    if (!run) return;
    if (!run.requestId) {
      run.stopWanted = true;
      return;
    }
    stopRun(run as ActiveRun & { requestId: string }, transportRef.current.temp);
  }, []);

  return { messages, chips, panel, setPanel, streaming, send, stop };
}
