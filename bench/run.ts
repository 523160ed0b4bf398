import { benchChat } from "./chat";
import { benchWeb } from "./web";

/** `npm run bench [chat|web]`: prints tables of measured figures side by side; nothing here passes or fails. */
const only = process.argv[2];
if (!only || only === "web") await benchWeb();
if (!only || only === "chat") await benchChat();
process.exit(0);
