import { benchChat } from "./chat";
import { benchPlugin } from "./plugin";
import { benchSandbox } from "./sandbox";
import { benchSecurity } from "./security";
import { benchWeb } from "./web";
import { benchWorkflow } from "./workflow";

/** `npm run bench [chat|web|security|workflow|sandbox|plugin]`: prints tables of measured figures side by side; nothing here passes or fails. */
const only = process.argv[2];
if (!only || only === "web") await benchWeb();
if (!only || only === "chat") await benchChat();
if (!only || only === "security") await benchSecurity();
if (!only || only === "workflow") await benchWorkflow();
if (!only || only === "sandbox") await benchSandbox();
if (!only || only === "plugin") await benchPlugin();
process.exit(0);
