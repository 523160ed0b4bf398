import { type ChildProcess, fork } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

export type Language = "JavaScript" | "Python";

export type Limits = { memoryBytes: number; maxOutputBytes: number; maxLogBytes: number; maxLogLines: number };

/** What a child reports for one run (see child.mjs); `kind` says why a run failed. */
export type ChildReply = {
  ok: boolean;
  output?: string;
  logs: string[];
  kind?: "code" | "no_main" | "timeout" | "memory" | "stack" | "output" | "internal";
  error?: string;
  line?: number;
  recycle?: boolean;
};

export type RunFailure = { ok: false; kind: "timeout" | "memory" | "crash" | "busy" | "closed"; logs: string[] };

const HERE = path.dirname(fileURLToPath(import.meta.url));
const CHILD = path.join(HERE, "child.mjs");
const NODE_MODULES = path.resolve(path.dirname(createRequire(import.meta.url).resolve("pyodide/package.json")), "..");
// Both runtimes stop themselves at the deadline (QuickJS's interrupt handler, Python's watchdog thread); the kill
// is the backstop for code that ignores it (native time, a caught KeyboardInterrupt, an await that never ends).
// The deadline is one wall-clock instant set here, so a child slow to take the run (a loaded machine) does not
// start its own clock later than the kill's; the grace covers only the stopped run's reply reaching us.
const KILL_GRACE_MS = 2_000;
const MAX_WAITING = 200;

/** Node 20 spells the permission model `--experimental-permission`; 22.13+ `--permission`. */
const PERMISSION_FLAG = process.allowedNodeEnvironmentFlags.has("--permission")
  ? "--permission"
  : "--experimental-permission";

/**
 * One child process running one run at a time. Started with an empty environment, no code generation from strings
 * (so even a leaked foreign-function handle cannot compile code), and Node's permission model: it may read only its
 * own directory and node_modules, and may not write files, spawn processes or start workers.
 */
class Child {
  readonly process: ChildProcess;
  readonly ready: Promise<void>;
  private pending?: { id: number; resolve: (reply: ChildReply | RunFailure) => void; timer: NodeJS.Timeout };
  private killedFor?: "timeout" | "closed";
  private nextId = 1;
  dead = false;

  constructor(
    readonly language: Language,
    limits: Limits,
    private readonly onExit: (child: Child) => void,
  ) {
    const heapMb = Math.max(64, Math.ceil(limits.memoryBytes / 1024 / 1024));
    this.process = fork(
      CHILD,
      [language, limits.memoryBytes, limits.maxOutputBytes, limits.maxLogBytes, limits.maxLogLines].map(String),
      {
        env: {},
        execArgv: [
          `--max-old-space-size=${heapMb}`,
          "--disallow-code-generation-from-strings",
          PERMISSION_FLAG,
          `--allow-fs-read=${HERE}${path.sep}`,
          `--allow-fs-read=${NODE_MODULES}${path.sep}`,
          // Python's watchdog thread (watchdog.mjs); it runs under the same permissions.
          ...(language === "Python" ? ["--allow-worker"] : []),
          "--no-warnings",
        ],
        stdio: ["ignore", "ignore", "ignore", "ipc"],
        serialization: "json",
      },
    );
    this.ready = new Promise((resolve, reject) => {
      this.process.once("message", (msg: { type?: string }) =>
        msg?.type === "ready" ? resolve() : reject(new Error("sandbox child did not start")),
      );
      this.process.once("exit", () => reject(new Error("sandbox child exited while starting")));
    });
    this.ready.catch(() => {});
    // EPIPE and the like when a child dies under a send; the exit handler reports it.
    this.process.on("error", () => this.kill());
    this.process.on("message", (msg: ChildReply & { type?: string; id?: number }) => {
      const pending = this.pending;
      if (msg?.type !== "result" || !pending || msg.id !== pending.id) return;
      const { resolve, timer } = pending;
      this.pending = undefined;
      clearTimeout(timer);
      resolve(msg);
    });
    this.process.on("exit", (code, signal) => {
      this.dead = true;
      const pending = this.pending;
      this.pending = undefined;
      if (pending) {
        clearTimeout(pending.timer);
        // A V8 heap overflow aborts the child (SIGABRT / exit 134); a kill at the deadline is a timeout.
        const kind = this.killedFor ?? (signal === "SIGABRT" || code === 134 ? "memory" : "crash");
        pending.resolve({ ok: false, kind, logs: [] });
      }
      this.onExit(this);
    });
  }

  get busy() {
    return this.pending !== undefined;
  }

  run(code: string, argsJson: string, timeoutMs: number): Promise<ChildReply | RunFailure> {
    return new Promise((resolve) => {
      const id = this.nextId++;
      const deadline = Date.now() + timeoutMs;
      // The kill waits one turn of the event loop: after a stall of the host's own loop, the timer would otherwise
      // run before the loop reads a reply that arrived in time (timers come before I/O in each turn).
      const timer = setTimeout(
        () => setImmediate(() => this.pending?.id === id && this.kill("timeout")),
        timeoutMs + KILL_GRACE_MS,
      );
      this.pending = { id, resolve, timer };
      // A child that died since it was handed out answers the send with an error; its exit then fails the run.
      this.process.send({ type: "run", id, code, argsJson, deadline }, (err) => err && this.kill());
    });
  }

  kill(reason?: "timeout" | "closed") {
    this.killedFor ??= reason;
    if (!this.dead) this.process.kill("SIGKILL");
  }
}

/** A fixed number of warm children of one language; runs queue for a free one, dead ones are replaced. */
export class LanguagePool {
  private children: Child[] = [];
  private idle: Child[] = [];
  private waiting: { resolve: (child: Child) => void; reject: (err: Error) => void }[] = [];
  private closed = false;

  constructor(
    readonly language: Language,
    private readonly size: number,
    private readonly limits: Limits,
  ) {}

  /** Starts the missing children and resolves when all are ready (a failed start rejects). */
  async warm() {
    while (!this.closed && this.children.length < this.size) this.spawn();
    await Promise.all(this.children.map((c) => c.ready));
  }

  private spawn() {
    const child = new Child(this.language, this.limits, (dead) => this.remove(dead));
    this.children.push(child);
    child.ready.then(
      () => this.release(child),
      () => {
        // A child that cannot start fails its waiters instead of respawning in a loop.
        for (const w of this.waiting.splice(0)) w.reject(new Error("沙箱启动失败"));
      },
    );
    return child;
  }

  private remove(child: Child) {
    this.children = this.children.filter((c) => c !== child);
    this.idle = this.idle.filter((c) => c !== child);
    if (!this.closed && (this.waiting.length > 0 || this.children.length < this.size)) this.spawn();
  }

  private release(child: Child) {
    if (child.dead || this.closed) return;
    const waiter = this.waiting.shift();
    if (waiter) waiter.resolve(child);
    else this.idle.push(child);
  }

  private acquire(): Promise<Child> {
    if (this.closed) return Promise.reject(new Error("closed"));
    const child = this.idle.pop();
    if (child) return Promise.resolve(child);
    if (this.waiting.length >= MAX_WAITING) return Promise.reject(new Error("busy"));
    while (!this.closed && this.children.length < this.size) this.spawn();
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  /** Runs one piece of code; the returned reply never throws. */
  async run(
    code: string,
    argsJson: string,
    timeoutMs: number,
  ): Promise<{ reply: ChildReply | RunFailure; ms: number }> {
    let child: Child;
    try {
      child = await this.acquire();
    } catch (err) {
      const kind = (err as Error).message === "busy" ? "busy" : this.closed ? "closed" : "crash";
      return { reply: { ok: false, kind, logs: [] }, ms: 0 };
    }
    const started = performance.now();
    const reply = await child.run(code, argsJson, timeoutMs);
    const ms = performance.now() - started;
    if ("recycle" in reply && reply.recycle) child.kill();
    else this.release(child);
    return { reply, ms };
  }

  get processIds() {
    return this.children.map((c) => c.process.pid).filter((pid): pid is number => pid !== undefined);
  }

  close() {
    this.closed = true;
    for (const w of this.waiting.splice(0)) w.reject(new Error("closed"));
    for (const c of this.children) c.kill("closed");
    this.children = [];
    this.idle = [];
  }
}
