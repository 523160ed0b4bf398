import { benchChat } from "./chat";
import { benchSecurity } from "./security";
import { benchWeb } from "./web";

/** `npm run bench [chat|web|security]`: prints tables of measured figures side by side; nothing here passes or fails. */
const only = process.argv[2];
if (!only || only === "web") await benchWeb();
if (!only || only === "chat") await benchChat();
if (!only || only === "security") await benchSecurity();
process.exit(0);
