// Watchdog thread of a Python child (started by pyodide-runner.mjs). A Python loop blocks the child's own thread,
// so this thread raises SIGINT through Pyodide's interrupt buffer at the deadline: the run ends with a
// KeyboardInterrupt and the interpreter stays usable, instead of the whole process being killed and reloaded.
import { parentPort, workerData } from "node:worker_threads";

const SIGINT = 2;
const { interrupt, control } = workerData;

// control[0]: id of the run in progress (0 when idle); control[1]: id of the last run this thread interrupted.
// The deadline is wall-clock time set by the parent (pool.ts), so a late message does not move it.
parentPort.on("message", ({ id, deadline }) => {
  setTimeout(
    () => {
      if (Atomics.load(control, 0) !== id) return;
      Atomics.store(control, 1, id);
      Atomics.store(interrupt, 0, SIGINT);
    },
    Math.max(0, deadline - Date.now()),
  );
});
