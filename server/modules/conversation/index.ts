/** What other modules may use of conversations: the chat stream (normal and temporary chats share it). */
export { chatStream } from "./chat-stream";
