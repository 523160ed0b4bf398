import { benchChat } from "./chat";

/** `npm run bench`: prints tables of measured figures side by side; nothing here passes or fails. */
const only = process.argv[2];
if (!only || only === "chat") await benchChat();
process.exit(0);
