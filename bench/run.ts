import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { benchChat } from "./chat";
import { benchChatFloor } from "./chat-floor";
import { startRuntime } from "./chat-procs";
import { benchChatSteady } from "./chat-steady";
import { benchKnowledge } from "./knowledge";
import { benchPlugin } from "./plugin";
import { benchSandbox } from "./sandbox";
import { benchSecurity } from "./security";
import { benchStartup } from "./startup";
import { benchTable } from "./table";
import { benchTrigger } from "./trigger";
import { benchWeb } from "./web";
import { benchWorkflow } from "./workflow";
import { benchWorkflowEditor } from "./workflow-editor";

/** `npm run bench [chat|chat-steady|chat-floor|web|security|workflow|workflow-editor|sandbox|plugin|knowledge|table|startup|trigger]`: prints tables of measured figures side by side; nothing here passes or fails. */
const only = process.argv[2];
// The in-process benches (web, startup's own timings…) measure this process, so it runs as `npm start` runs the
// product. The chat benches start their server with those flags themselves and keep their client plain.
if (!["chat", "chat-steady", "chat-floor"].includes(only ?? "") && !process.env.BENCH_START_RUNTIME) {
  const { flags, env } = startRuntime();
  const args = [...flags, ...process.execArgv, fileURLToPath(import.meta.url), ...process.argv.slice(2)];
  const run = spawnSync(process.execPath, args, {
    stdio: "inherit",
    env: { ...process.env, ...env, BENCH_START_RUNTIME: "1" },
  });
  process.exit(run.status ?? 1);
}
if (!only || only === "web") await benchWeb();
if (!only || only === "chat") await benchChat();
if (!only || only === "chat-steady") await benchChatSteady();
if (!only || only === "chat-floor") await benchChatFloor();
if (!only || only === "security") await benchSecurity();
if (!only || only === "workflow") await benchWorkflow();
if (!only || only === "sandbox") await benchSandbox();
if (!only || only === "plugin") await benchPlugin();
if (!only || only === "workflow-editor") await benchWorkflowEditor();
if (!only || only === "knowledge") await benchKnowledge();
if (!only || only === "table") await benchTable();
if (!only || only === "startup") await benchStartup();
if (!only || only === "trigger") await benchTrigger();
process.exit(0);
