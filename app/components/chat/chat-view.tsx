import type { ReactNode } from "react";
import { ChatChips } from "./chat-chips";
import { Composer } from "./composer";
import { MessageList } from "./message-list";
import { SidePanel } from "./side-panel";
import type { ChatAgent, ChatMessage } from "./types";
import { type ChatTransport, useChatStream } from "./use-chat-stream";
import { userVariables } from "./variables";
import { VariablesForm } from "./variables-form";

interface ChatViewProps {
  agent: Pick<ChatAgent, "variables" | "guidQuestionDtos" | "openFileBox">;
  messages: ChatMessage[];
  transport: ChatTransport;
  /** Values the conversation already holds for the agent's variables. */
  variableValues: Record<string, unknown>;
  /** Above the messages: the page's title bar. */
  header?: ReactNode;
  /** A message to send once, as soon as the page is ready (the home page starts chats this way). */
  autoSend?: string;
  onAutoSent?: () => void;
  /** Lets people on a temporary link attach files. */
  chatKey?: string;
  /** Where the form posts without JavaScript. */
  action?: string;
  /** Offer each answer's 调试详情 in the side panel. */
  details?: boolean;
  /** Lay the side panel over the chat instead of beside it (narrow places such as the editor's debug pane). */
  panelOverlay?: boolean;
  formId?: string;
}

/**
 * A whole chat: message list, chips, the composer (with the variables form before the first message) and the
 * side panel. Remount it (a new `key`) to start over: a new conversation resets everything.
 */
export function ChatView(props: ChatViewProps) {
  const { agent, transport } = props;
  const formId = props.formId ?? "chat-composer";
  const chat = useChatStream(props.messages, transport);
  const asked = chat.messages.some((m) => m.role === "USER");
  const askVariables = !asked && userVariables(agent.variables).length > 0;

  const guides = asked || chat.streaming ? [] : agent.guidQuestionDtos;
  return (
    <div className="relative flex min-h-0 min-w-0 flex-1">
      <div className="flex min-w-0 flex-1 flex-col">
        {props.header}
        <MessageList
          messages={chat.messages}
          onDetails={props.details ? (message) => chat.setPanel({ mode: "Debug_Details", message }) : undefined}
          footer={<ChatChips formId={formId} suggestions={chat.chips} guides={guides} disabled={chat.streaming} />}
        />
        <Composer
          id={formId}
          streaming={chat.streaming}
          onSend={chat.send}
          onStop={chat.stop}
          variables={agent.variables}
          chatKey={props.chatKey}
          initialText={props.autoSend}
          autoSubmit={Boolean(props.autoSend) && !asked}
          onAutoSubmitted={props.onAutoSent}
          action={props.action}
          attachments={agent.openFileBox === "Open"}
        >
          {askVariables ? <VariablesForm variables={agent.variables} values={props.variableValues} /> : null}
        </Composer>
      </div>
      <SidePanel panel={chat.panel} overlay={props.panelOverlay} onClose={() => chat.setPanel({ mode: "Hide" })} />
    </div>
  );
}
