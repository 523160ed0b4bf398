// Runs user Python in Pyodide, loaded from node_modules (no network). One interpreter per child process, reused
// across runs; harness.py confines and resets it between runs.
import { constants as fsConstants, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { loadPyodide } from "pyodide";
import { createLogs } from "./logs.mjs";
import { capMemoryGrowth } from "./memory-cap.mjs";

export async function start(limits) {
  const cap = capMemoryGrowth();
  // Emscripten's NODEFS reads its open-flag table through the legacy process.binding, which the permission model
  // forbids; the table is fs.constants.
  process.binding = (name) => {
    if (name === "constants") return { fs: fsConstants };
    throw new Error(`process.binding(${name}) is not available in the sandbox`);
  };
  const indexURL = `${path.dirname(fileURLToPath(import.meta.resolve("pyodide")))}/`;
  const pyodide = await loadPyodide({
    indexURL,
    // The `js` module would be the child's globalThis; user code gets an empty object instead (and not even that:
    // the harness refuses `import js`).
    jsglobals: Object.create(null),
    env: {},
    stdout: () => {},
    stderr: () => {},
  });
  pyodide.unregisterJsModule("js");
  pyodide.unregisterJsModule("pyodide_js");
  const harness = readFileSync(new URL("./harness.py", import.meta.url), "utf8");
  const globals = pyodide.globals.get("dict")();
  const run = pyodide.runPython(harness, { globals, filename: "harness.py" });
  globals.get("_seal")();
  cap.bytes = pyodide._module.HEAP8.buffer.byteLength + limits.memoryBytes;

  const interrupt = new Int32Array(new SharedArrayBuffer(4));
  const control = new Int32Array(new SharedArrayBuffer(8));
  pyodide.setInterruptBuffer(interrupt);
  const watchdog = new Worker(new URL("./watchdog.mjs", import.meta.url), { workerData: { interrupt, control } });
  watchdog.unref();
  let nextId = 1;

  return async ({ code, argsJson, deadline }) => {
    const id = nextId++;
    Atomics.store(control, 0, id);
    watchdog.postMessage({ id, deadline });
    let reply;
    try {
      reply = JSON.parse(await run(code, argsJson, limits.maxOutputBytes, limits.maxLogBytes));
    } finally {
      Atomics.store(control, 0, 0);
      Atomics.store(interrupt, 0, 0);
    }
    if (Atomics.load(control, 1) === id) reply = { ok: false, kind: "timeout", error: "timeout", logs: reply.logs };
    const logs = createLogs(limits);
    const text = typeof reply.logs === "string" ? reply.logs.replace(/\n$/, "") : "";
    for (let from = 0; text && from <= text.length && !logs.full; ) {
      const to = text.indexOf("\n", from) < 0 ? text.length : text.indexOf("\n", from);
      logs.push("log", text.slice(from, to));
      from = to + 1;
    }
    // After a memory failure the heap stays grown and the interpreter may be damaged: start a fresh process.
    return { ...reply, logs: logs.lines, recycle: reply.recycle || reply.kind === "memory" };
  };
}
