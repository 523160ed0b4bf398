import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { inputsHash } from "../scripts/stamp.mjs";
import { percentile, table } from "./lib";

/**
 * Cold start (an empty data directory), warm restart (the same directory again) and idle memory of the built
 * server, as `npm start` runs it when the build is current. "Ready" is the first 200
 * from /readyz; "first page" the first 200 from /login (the web bundle loads after the port opens). Idle RSS is
 * read from /proc five seconds after ready. Each figure is the median of RUNS starts. Run `npm run build` first.
 */
const RUNS = 5;
const PORT = 3917;
// The figures of the last closing note, measured with `npm run build && node --import tsx server/main.ts`.
const BEFORE = { cold: 24_500, warm: 10_300, rss: 510 };
/**
 * `npm start`'s node flags with the bundled server it ends in. Not scripts/start.mjs itself: in a checkout that
 * others edit meanwhile, its stamp would start a build; the stamp check is timed on its own below.
 */
const START_ARGS = [
  ...(JSON.parse(await readFile("package.json", "utf8")).scripts.start as string).split(" ").slice(1, -1),
  "build/app/main.js",
];

type Start = { ready: number; firstPage: number; rssMb: number };

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
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: "warn", ADMIN_PASSWORD: "Bench#Pass2026" },
    stdio: "ignore",
  });
  try {
    const ready = (await waitFor(`http://127.0.0.1:${PORT}/readyz`, child)) - started;
    const firstPage = (await waitFor(`http://127.0.0.1:${PORT}/login`, child)) - started;
    await new Promise((r) => setTimeout(r, 5_000));
    return { ready, firstPage, rssMb: await rssMb(child.pid!) };
  } finally {
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
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
    ],
  );
}
