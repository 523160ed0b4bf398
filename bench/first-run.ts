import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { percentile, readSse, table } from "./lib";

/**
 * Issue 17's first-minute figure: from `npm start` on an empty DATA_DIR to the admin's first streamed answer from
 * the seeded default agent — what the home page does (sign in, read the tenant's defaultAgentId, start a
 * conversation, stream the answer), through the same /api calls the page's loaders make. Run `npm run build`
 * first. `node --import tsx bench/first-run.ts [runs]`.
 */
const RUNS = Number(process.argv[2] ?? 3);
const PORT = 3918;
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = "Bench#First2026";
/** `npm start`: the NAME=value words before `node` are its environment, the words after it node's arguments. */
const START_WORDS = (JSON.parse(await readFile("package.json", "utf8")).scripts.start as string).split(" ");
const NODE_AT = START_WORDS.indexOf("node");
const START_ENV = Object.fromEntries(START_WORDS.slice(0, NODE_AT).map((w) => w.split("=")));
const START_ARGS = START_WORDS.slice(NODE_AT + 1);

async function until(check: () => Promise<boolean>, child: ReturnType<typeof spawn>) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (await check().catch(() => false)) return performance.now();
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function api<T>(pathname: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(BASE + pathname, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: string; message: string; data: T };
  if (envelope.code !== "0000") throw new Error(`${pathname}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

type Run = { ready: number; firstToken: number; lastToken: number };

async function firstRun(): Promise<Run> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "bench-first-run-"));
  const started = performance.now();
  const child = spawn(process.execPath, START_ARGS, {
    env: {
      ...process.env,
      ...START_ENV,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ADMIN_PASSWORD: PASSWORD,
    },
    stdio: "ignore",
  });
  try {
    const ready = (await until(async () => (await fetch(`${BASE}/readyz`)).status === 200, child)) - started;
    const { token } = await api<{ token: string }>("/api/user/passwordLogin", null, {
      phoneOrEmail: "admin",
      password: PASSWORD,
    });
    const { defaultAgentId } = await api<{ defaultAgentId: number | null }>("/api/tenant/config", token);
    if (!defaultAgentId) throw new Error("no default agent was seeded");
    const conversation = await api<{ id: number }>("/api/agent/conversation/create", token, {
      agentId: defaultAgentId,
    });
    const res = await fetch(`${BASE}/api/agent/conversation/chat`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ conversationId: conversation.id, message: "你好" }),
    });
    let firstToken = Number.NaN;
    await readSse(res, (frame) => {
      if (frame.eventType === "MESSAGE" && Number.isNaN(firstToken)) firstToken = performance.now() - started;
    });
    return { ready, firstToken, lastToken: performance.now() - started };
  } finally {
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function benchFirstRun(runs = RUNS) {
  const results: Run[] = [];
  for (let i = 0; i < runs; i++) results.push(await firstRun());
  const s = (n: number) => `${(n / 1000).toFixed(2)} s`;
  const median = (pick: (r: Run) => number) => s(percentile(results.map(pick), 50));
  table(
    `First run: npm start on an empty DATA_DIR → admin's first streamed answer (median of ${runs}; ${os.cpus().length} cpus, load ${os.loadavg()[0]?.toFixed(1)})`,
    ["step", "since npm start"],
    [
      ["ready (/readyz 200)", median((r) => r.ready)],
      ["first streamed token from the default agent", median((r) => r.firstToken)],
      ["answer complete", median((r) => r.lastToken)],
    ],
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await benchFirstRun();
