// Runs user JavaScript in QuickJS (WebAssembly). Every run gets a fresh runtime and context, so nothing a script
// does survives it; the only host function inside is the console's log sink.
import { getQuickJS } from "quickjs-emscripten";
import { createLogs } from "./logs.mjs";
import { capMemoryGrowth } from "./memory-cap.mjs";

const FILE = "main.js";
const MODULE_RE = /^\s*(export\s|import\s*[\w{*"'])/m;
// Below the host's own stack: deep recursion ends as a QuickJS "stack overflow", not a crash of the child.
const STACK_BYTES = 256 * 1024;

// Evaluated inside the context: builds console on the hidden sink and returns the helpers the host calls.
const PRELUDE = `(() => {
  const sink = globalThis.__sandboxLog;
  delete globalThis.__sandboxLog;
  const text = (v) => {
    if (typeof v === "string") return v;
    try {
      const s = JSON.stringify(v);
      if (s !== undefined) return s;
    } catch {}
    try { return String(v); } catch { return "[无法显示的值]"; }
  };
  const make = (level) => (...values) => { sink(level, values.map(text).join(" ")); };
  globalThis.console = Object.freeze({ log: make("log"), info: make("info"), warn: make("warn"), error: make("error"), debug: make("debug") });
  const parse = JSON.parse;
  const stringify = JSON.stringify;
  return {
    parse: (s) => parse(s),
    toJson: (v) => {
      if (v === undefined) return "null";
      const s = typeof v === "function" || typeof v === "symbol" ? undefined : stringify(v);
      if (typeof s !== "string") throw new TypeError("返回值必须可以转换为 JSON");
      return s;
    },
    findMain: () => (typeof main === "function" ? main : undefined),
  };
})()`;

export async function start(limits) {
  const cap = capMemoryGrowth();
  const QuickJS = await getQuickJS();
  const baseline = QuickJS.getWasmMemory().buffer.byteLength;
  cap.bytes = baseline + limits.memoryBytes;
  // WebAssembly memory never shrinks: a process left holding more than half the cap is replaced after its run.
  const recycleAbove = baseline + limits.memoryBytes / 2;
  return (request) => runOnce(QuickJS, { ...limits, recycleAbove }, request);
}

function runOnce(QuickJS, limits, { code, argsJson, deadline }) {
  const logs = createLogs(limits);
  let timedOut = false;
  const runtime = QuickJS.newRuntime();
  runtime.setMemoryLimit(limits.memoryBytes);
  runtime.setMaxStackSize(STACK_BYTES);
  runtime.setInterruptHandler(() => {
    if (Date.now() > deadline) timedOut = true;
    return timedOut;
  });
  const context = runtime.newContext();
  let reply;
  try {
    reply = execute(context, runtime, logs, code, argsJson, limits);
  } catch (err) {
    reply = { ok: false, ...classify(err, timedOut), logs: logs.lines };
  }
  if (timedOut && !reply.ok) reply = { ok: false, kind: "timeout", error: "timeout", logs: logs.lines };
  try {
    context.dispose();
    runtime.dispose();
  } catch {
    reply.recycle = true;
  }
  const memory = QuickJS.getWasmMemory().buffer.byteLength;
  if (reply.kind === "memory" || memory > limits.recycleAbove) reply.recycle = true;
  return reply;
}

/** A failure inside the VM, carried out of `execute` with its dumped error value. */
class VmError extends Error {
  constructor(value) {
    super(typeof value?.message === "string" ? value.message : String(value));
    this.value = value;
  }
}

function execute(context, runtime, logs, code, argsJson, limits) {
  // Every handle is released at the end whatever happens; a leaked one would abort the runtime's disposal.
  const owned = [];
  const own = (handle) => {
    owned.push(handle);
    return handle;
  };
  const unwrap = (result) => {
    if (!result.error) return own(result.value);
    const value = context.dump(own(result.error));
    throw new VmError(value);
  };
  const sink = own(
    context.newFunction("log", (level, message) => {
      logs.push(context.getString(level), context.getString(message));
    }),
  );
  context.setProp(context.global, "__sandboxLog", sink);
  try {
    const helpers = unwrap(context.evalCode(PRELUDE, "prelude.js", { type: "global" }));
    // A line starting with import/export makes it a module, which hands back its exports (maybe as a promise).
    const type = MODULE_RE.test(code) ? "module" : "global";
    const evaluated = settle(context, runtime, own, unwrap(context.evalCode(code, FILE, { type })));
    const main = findMain(context, own, unwrap, helpers, evaluated);
    if (!main) return { ok: false, kind: "no_main", error: "no main", logs: logs.lines };
    const args = unwrap(context.callMethod(helpers, "parse", [own(context.newString(argsJson))]));
    const value = settle(context, runtime, own, unwrap(context.callFunction(main, context.undefined, [args])));
    const output = context.getString(unwrap(context.callMethod(helpers, "toJson", [value])));
    if (output.length > limits.maxOutputBytes) return { ok: false, kind: "output", error: "output", logs: logs.lines };
    return { ok: true, output, logs: logs.lines };
  } finally {
    for (const handle of owned.reverse()) if (handle.alive) handle.dispose();
  }
}

/** A global `main` (script) first, else a module's default or named `main` export. */
function findMain(context, own, unwrap, helpers, evaluated) {
  const global = unwrap(context.callMethod(helpers, "findMain", []));
  if (context.typeof(global) === "function") return global;
  if (context.typeof(evaluated) !== "object") return undefined;
  for (const name of ["default", "main"]) {
    const fn = own(context.getProp(evaluated, name));
    if (context.typeof(fn) === "function") return fn;
  }
  return undefined;
}

/** Drives QuickJS's job queue until a promise settles; there are no timers inside, so pending means forever. */
function settle(context, runtime, own, handle) {
  let state = context.getPromiseState(handle);
  while (state.type === "pending") {
    const jobs = runtime.executePendingJobs();
    if (jobs.error) throw new VmError(context.dump(own(jobs.error)));
    state = context.getPromiseState(handle);
    if (state.type === "pending" && jobs.value === 0) {
      throw new VmError({ name: "Error", message: "main 返回的 Promise 永远不会完成" });
    }
  }
  if (state.type === "rejected") throw new VmError(context.dump(own(state.error)));
  return state.notAPromise ? handle : own(state.value);
}

function classify(err, timedOut) {
  if (timedOut) return { kind: "timeout", error: "timeout" };
  if (!(err instanceof VmError)) return { kind: "internal", error: String(err?.message ?? err), recycle: true };
  const value = err.value;
  const name = typeof value?.name === "string" ? value.name : "Error";
  const message = typeof value?.message === "string" ? value.message : String(value);
  if (/out of memory/i.test(message)) return { kind: "memory", error: message };
  if (/stack overflow|too much recursion/i.test(message)) return { kind: "stack", error: message };
  const stack = typeof value?.stack === "string" ? value.stack : "";
  const line = new RegExp(`${FILE.replace(".", "\\.")}:(\\d+)`).exec(`${stack}\n${message}`)?.[1];
  return { kind: "code", error: `${name}: ${message}`, line: line ? Number(line) : undefined };
}
