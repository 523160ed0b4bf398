/** What other modules may use of conversations: the chat stream (normal and temporary chats share it). */
export { chatStream } from "./chat-stream";
/** Temporary chats keep their conversations and runs here; start-up marks answers cut off by a crash. */
export {
  findConversation,
  findConversationByUid,
  findRun,
  insertConversation,
  type MessageRow,
  markInterrupted,
  requestStop,
} from "./repo";
