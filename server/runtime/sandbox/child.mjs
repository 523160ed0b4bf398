// Entry of one sandbox child process (started by pool.ts). Plain JavaScript on purpose: it starts without the
// TypeScript loader so Node's permission model can confine it to reading its own files and node_modules.
// argv: <language> <memoryBytes> <maxOutputBytes> <maxLogBytes> <maxLogLines>
const [language, memoryBytes, maxOutputBytes, maxLogBytes, maxLogLines] = process.argv.slice(2);
const limits = {
  memoryBytes: Number(memoryBytes),
  maxOutputBytes: Number(maxOutputBytes),
  maxLogBytes: Number(maxLogBytes),
  maxLogLines: Number(maxLogLines),
};

// Keep what the child itself needs, then remove the host's reach from the global object: code that ever got a
// handle on this realm (through Pyodide's foreign function interface) finds no process, require, fetch or sockets.
const proc = process;
const send = proc.send.bind(proc);
const exit = proc.exit.bind(proc);

const runner = language === "Python" ? await import("./pyodide-runner.mjs") : await import("./quickjs-runner.mjs");
const run = await runner.start(limits);

for (const name of [
  "process",
  "require",
  "fetch",
  "WebSocket",
  "EventSource",
  "XMLHttpRequest",
  "Request",
  "navigator",
]) {
  delete globalThis[name];
}

let busy = false;
proc.on("message", async (msg) => {
  if (msg?.type !== "run" || busy) return;
  busy = true;
  let reply;
  try {
    reply = await run({ code: String(msg.code), argsJson: String(msg.argsJson), deadline: Number(msg.deadline) });
  } catch (err) {
    reply = { ok: false, kind: "internal", error: String(err?.message ?? err), logs: [], recycle: true };
  }
  busy = false;
  send({ type: "result", id: msg.id, ...reply }, () => {
    if (reply.recycle) exit(0);
  });
});
proc.on("disconnect", () => exit(0));
send({ type: "ready" });
