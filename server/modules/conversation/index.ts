/** What other modules may use of conversations: the chat stream (normal and temporary chats share it). */
export { chatStream } from "./chat-stream";
/** Temporary chats keep their conversations and runs here; start-up marks answers cut off by a crash. */
export {
  type ConversationRow,
  findConversation,
  findConversationByUid,
  findRun,
  insertConversation,
  insertMessage,
  type MessageRow,
  markInterrupted,
  recentMessages,
  requestStop,
  reusableConversation,
  updateConversation,
} from "./repo";
