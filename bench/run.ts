import { benchChat } from "./chat";
import { benchSecurity } from "./security";
import { benchWeb } from "./web";
import { benchWorkflow } from "./workflow";

/** `npm run bench [chat|web|security|workflow]`: prints tables of measured figures side by side; nothing here passes or fails. */
const only = process.argv[2];
if (!only || only === "web") await benchWeb();
if (!only || only === "chat") await benchChat();
if (!only || only === "security") await benchSecurity();
if (!only || only === "workflow") await benchWorkflow();
process.exit(0);
