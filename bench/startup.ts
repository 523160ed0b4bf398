import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { inputsHash } from "../scripts/stamp.mjs";
import { cpuMsOf } from "./chat-procs";
import { percentile, table } from "./lib";

/**
 * Cold start (an empty data directory), warm restart (the same directory again) and idle memory of the built
 * server, as `npm start` runs it when the build is current. "Ready" is the first 200
 * from /readyz; "first page" the first 200 from /login (the web bundle loads after the port opens). Idle RSS is
 * read from /proc five seconds after the first page, and again at rest, REST_MS after it: V8's memory reducer, run
 * once the process has allocated little for a while (about 20 s here), gives back the young generation that
 * start-up grew (npm start allows it 2 × 16 MB), so the first reading is the process just after its work and the
 * second what it holds when left alone. Each figure is the median of RUNS starts. Run `npm run build` first.
 */
const RUNS = 5;
const PORT = 3917;
const REST_MS = 30_000;
// The figures of the last closing note, measured with `npm run build && node --import tsx server/main.ts`.
const BEFORE = { cold: 24_500, warm: 10_300, rss: 510 };
/**
 * `npm start`'s node flags with the bundled server it ends in. Not scripts/start.mjs itself: in a checkout that
 * others edit meanwhile, its stamp would start a build; the stamp check is timed on its own below.
 */
const START_WORDS = (JSON.parse(await readFile("package.json", "utf8")).scripts.start as string).split(" ");
const NODE_AT = START_WORDS.indexOf("node");
/** The NAME=value words before `node`: the environment the server process starts with (glibc reads it at exec). */
const START_ENV = Object.fromEntries(START_WORDS.slice(0, NODE_AT).map((w) => w.split("=")));
const START_ARGS = [...START_WORDS.slice(NODE_AT + 1, -1), "build/app/main.js"];

type Start = {
  ready: number;
  firstPage: number;
  rssMb: number;
  restMb: number;
  cpu: number;
  phases: Record<string, number>;
};

async function waitFor(url: string, child: ReturnType<typeof spawn>) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const status = await fetch(url).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return performance.now();
    // /readyz answers 503 until the database is up; a 500 means the start is broken, not slow.
    if (status === 500) throw new Error(`${url} answered 500`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function rssMb(pid: number) {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

async function startOnce(dataDir: string): Promise<Start> {
  const started = performance.now();
  const child = spawn(process.execPath, START_ARGS, {
    env: {
      ...process.env,
      ...START_ENV,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      ADMIN_PASSWORD: "Bench#Pass2026",
    },
    stdio: ["ignore", "pipe", "ignore"],
  });
  // The start's log line says how long each step took (server/main.ts): where the time went.
  let phases: Record<string, number> = {};
  createInterface({ input: child.stdout! }).on("line", (line) => {
    if (!line.startsWith("{")) return;
    const entry = JSON.parse(line) as { phases?: Record<string, number> };
    if (entry.phases) phases = entry.phases;
  });
  try {
    const ready = (await waitFor(`http://127.0.0.1:${PORT}/readyz`, child)) - started;
    // CPU time (all threads) until ready: on a machine shared with other work, wall time mostly measures the wait.
    const cpu = cpuMsOf(child.pid!);
    const firstPage = (await waitFor(`http://127.0.0.1:${PORT}/login`, child)) - started;
    // A server that died after it was ready has no memory to read: that is a failed start, not a figure.
    const rssAfter = async (ms: number) => {
      await new Promise((r) => setTimeout(r, ms));
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} after it was ready`);
      return rssMb(child.pid!);
    };
    const rssAfterWork = await rssAfter(5_000);
    return { ready, firstPage, rssMb: rssAfterWork, restMb: await rssAfter(REST_MS - 5_000), cpu, phases };
  } finally {
    // Waiting for "exit" of a process that already exited would wait forever (and end the bench silently).
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
  }
}

const median = (xs: number[]) => percentile(xs, 50);

export async function benchStartup() {
  const cold: Start[] = [];
  const warm: Start[] = [];
  for (let i = 0; i < RUNS; i++) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "bench-startup-"));
    try {
      cold.push(await startOnce(dataDir));
      warm.push(await startOnce(dataDir));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  const stampChecks: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await inputsHash(process.cwd());
    stampChecks.push(performance.now() - t);
  }
  const s = (n: number) => `${(n / 1000).toFixed(2)} s`;
  const idle = median(warm.map((w) => w.rssMb));
  table(
    `Start-up (PGlite; median of ${RUNS}; ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, load ${os.loadavg()[0]?.toFixed(1)})`,
    ["", "before", "now (ready)", "now (first page)"],
    [
      [
        "cold start, empty DATA_DIR",
        s(BEFORE.cold),
        s(median(cold.map((c) => c.ready))),
        s(median(cold.map((c) => c.firstPage))),
      ],
      ["warm restart", s(BEFORE.warm), s(median(warm.map((w) => w.ready))), s(median(warm.map((w) => w.firstPage)))],
      ["idle RSS after restart", `${BEFORE.rss} MB`, `${idle.toFixed(0)} MB`, ""],
      ["npm start's build-stamp check (added to each start)", "", s(median(stampChecks)), ""],
      ["idle RSS after first start", "", `${median(cold.map((c) => c.rssMb)).toFixed(0)} MB`, ""],
      [
        `RSS at rest (${REST_MS / 1000} s after the first page), after restart / first start`,
        "",
        `${median(warm.map((w) => w.restMb)).toFixed(0)} / ${median(cold.map((c) => c.restMb)).toFixed(0)} MB`,
        "",
      ],
      ["CPU time until ready, cold start", "", s(median(cold.map((c) => c.cpu))), ""],
      ["CPU time until ready, warm restart", "", s(median(warm.map((w) => w.cpu))), ""],
    ],
  );
  const steps = [...new Set([...cold, ...warm].flatMap((x) => Object.keys(x.phases)))];
  table(
    "Where a start's time went until the port opened, median ms per step (load = loading the server's code)",
    ["step", "cold start", "warm restart"],
    steps.map((step) => [
      step,
      median(cold.map((c) => c.phases[step] ?? Number.NaN)).toFixed(0),
      median(warm.map((w) => w.phases[step] ?? Number.NaN)).toFixed(0),
    ]),
  );
}
