import { ArrowDown } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { MessageView } from "./message-view";
import type { ChatMessage } from "./types";

/** How close to the bottom still counts as "reading the newest"; further up, auto-scroll pauses. */
const FOLLOW_THRESHOLD_PX = 80;
/** After sending, the list scrolls down once the new messages have laid out (as the original client). */
const SCROLL_AFTER_SEND_MS = 400;

interface MessageListProps {
  messages: ChatMessage[];
  onDetails?: (message: ChatMessage) => void;
  /** Shown under the last message: suggestion chips, the opening questions. */
  footer?: ReactNode;
}

/** The scrolling conversation: follows a streaming answer unless the reader scrolled up to read. */
export function MessageList({ messages, onDetails, footer }: MessageListProps) {
  const ref = useRef<HTMLDivElement>(null);
  const follow = useRef(true);
  const [away, setAway] = useState(false);
  // The details open in the side panel, which needs JavaScript.
  const hydrated = useHydrated();

  const toBottom = useCallback(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  // A new message was added (the reader sent one): follow the conversation again.
  const count = messages.length;
  useEffect(() => {
    if (!count) return;
    follow.current = true;
    setAway(false);
    const timer = setTimeout(toBottom, SCROLL_AFTER_SEND_MS);
    return () => clearTimeout(timer);
  }, [count, toBottom]);

  // The answer grew: keep it in view, unless the reader is reading further up.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs whenever the messages change
  useLayoutEffect(() => {
    if (follow.current) toBottom();
  }, [messages, footer, toBottom]);

  const onScroll = () => {
    const el = ref.current;
    if (!el) return;
    const near = el.scrollHeight - el.scrollTop - el.clientHeight < FOLLOW_THRESHOLD_PX;
    follow.current = near;
    setAway(!near);
  };

  return (
    <div className="relative min-h-0 flex-1">
      <div ref={ref} onScroll={onScroll} className="h-full overflow-y-auto" data-testid="message-scroller">
        <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-6">
          <ol className="flex flex-col gap-5" aria-label="对话内容">
            {messages.map((m) => (
              <MessageView key={m.key} message={m} onDetails={hydrated ? onDetails : undefined} />
            ))}
          </ol>
          {footer}
          {/* Without JavaScript the page lands here after sending (#chat-end), showing the newest answer. */}
          <span id="chat-end" />
        </div>
      </div>
      {away ? (
        <button
          type="button"
          onClick={() => {
            follow.current = true;
            setAway(false);
            toBottom();
          }}
          className="absolute bottom-3 left-1/2 flex -translate-x-1/2 items-center gap-1 rounded-full border border-gray-200 bg-white px-3 py-1 text-[13px] text-gray-600 shadow hover:bg-gray-50"
        >
          <ArrowDown className="size-3.5" aria-hidden />
          回到底部
        </button>
      ) : null}
    </div>
  );
}
