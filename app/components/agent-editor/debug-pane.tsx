import { MessagesSquare } from "lucide-react";
import type { AgentDto } from "../../../server/modules/agent/dto";

/**
 * The editor's right-hand column: the debug chat (a devMode conversation with the current draft). It arrives
 * with the chat work, which replaces this file; until then the column says so.
 */
export function DebugPane(_props: { agent: AgentDto }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-2 rounded-card border border-gray-300 border-dashed bg-white p-6 text-center">
      <MessagesSquare className="size-8 text-gray-400" aria-hidden strokeWidth={1.5} />
      <p className="font-medium text-gray-700">预览与调试</p>
      <p className="max-w-xs text-[13px] text-gray-500">在这里与草稿对话调试的功能将随对话功能一起上线。</p>
    </div>
  );
}
