import { CircleAlert, ListTree } from "lucide-react";
import { AttachmentList } from "./attachment-list";
import { Markdown } from "./markdown";
import { Reasoning } from "./reasoning";
import { StepChips } from "./step-chips";
import type { ChatMessage } from "./types";

function Typing() {
  return (
    <span className="inline-flex items-center gap-1 py-1" role="status" aria-label="正在回复">
      {[0, 1, 2].map((i) => (
        <span
          key={i}
          className="size-1.5 animate-bounce rounded-full bg-gray-400"
          style={{ animationDelay: `${i * 150}ms` }}
        />
      ))}
    </span>
  );
}

/** What happened to an answer that did not end normally. */
function StatusNote({ message }: { message: ChatMessage }) {
  if (message.status === "error") {
    return (
      <p className="flex items-start gap-1.5 text-[13px] text-danger-600" role="alert">
        <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        {message.error ?? "回复生成失败"}
      </p>
    );
  }
  if (message.status === "stopped") return <p className="text-[13px] text-gray-400">已停止生成</p>;
  if (message.status === "interrupted")
    return <p className="text-[13px] text-warning-700">回复被中断（服务重启），可以重新提问</p>;
  return null;
}

/** "1.25 秒 · 156 Token": how long the answer took and what it cost. */
const runSummary = (final: NonNullable<ChatMessage["finalResult"]>) =>
  `${((final.endTime - final.startTime) / 1000).toFixed(2)} 秒 · ${final.totalTokens} Token`;

interface MessageViewProps {
  message: ChatMessage;
  /** Opens the side panel's debug details for this answer (only offered once it has a final result). */
  onDetails?: (message: ChatMessage) => void;
}

/** One message: the user's bubble on the right, the agent's answer (reasoning, steps, Markdown) on the left. */
export function MessageView({ message, onDetails }: MessageViewProps) {
  if (message.role === "USER") {
    return (
      <li className="flex flex-col items-end gap-2" data-role="user">
        <AttachmentList attachments={message.attachments} />
        {message.text ? (
          <p className="max-w-[85%] whitespace-pre-wrap rounded-card bg-primary-600 px-3.5 py-2 text-white">
            {message.text}
          </p>
        ) : null}
      </li>
    );
  }
  const live = message.status === "loading" || message.status === "incomplete";
  return (
    <li className="flex flex-col gap-2" data-role="assistant" aria-busy={live || undefined}>
      {message.think ? <Reasoning think={message.think} answering={Boolean(message.text)} /> : null}
      <StepChips steps={message.steps} />
      {message.text ? (
        <div className="max-w-full rounded-card bg-white px-3.5 py-2.5 shadow-sm ring-1 ring-gray-100">
          <Markdown text={message.text} />
        </div>
      ) : live && !message.think && !message.steps.length ? (
        <Typing />
      ) : null}
      <StatusNote message={message} />
      {message.finalResult && onDetails ? (
        <button
          type="button"
          onClick={() => onDetails(message)}
          className="flex w-fit items-center gap-1 text-gray-400 text-xs hover:text-gray-700"
        >
          <ListTree className="size-3.5" aria-hidden />
          调试详情 · {runSummary(message.finalResult)}
        </button>
      ) : null}
    </li>
  );
}
