import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ADMIN_PASSWORD } from "#tests/support/test-db";
import { bundleChatServer } from "./chat-bundle";
import { type Child, cpuMsOf, machine, rssOf, startChild, startRuntime } from "./chat-procs";
import { ms, percentile, readSse, table } from "./lib";

/**
 * Chat overhead: time to first and last token through /api/agent/conversation/chat versus the fake model
 * called directly, at several concurrency levels, with events lost, the server's peak RSS, /healthz and
 * /readyz latency while the streams run, and the phases of a turn. The fake model, the server and the health
 * probe each run in their own process; this one is only the client. PostgreSQL when TEST_DATABASE_URL is set.
 * BENCH_LEVELS (default 1,50,200,500); BENCH_CPU_PROF=<file> writes the server's CPU profile of the streams
 * of the level BENCH_PROFILE_LEVEL (default 200) there; BENCH_BUNDLE=1 runs the server as an esbuild bundle.
 */
const CHUNKS = 20;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const LEVELS = (process.env.BENCH_LEVELS ?? "1,50,200,500").split(",").map(Number);
/** A lone stream is measured this many times in a row, so its percentiles mean something. */
const SINGLE_ROUNDS = 30;
/**
 * BENCH_WARM_ROUNDS=<k>: each level first runs k times unmeasured, as a server that has been up a while (V8 and
 * the WebAssembly engine tier hot code up gradually; the first burst of 200 turns pays for that). Default 0.
 */
const WARM_ROUNDS = Number(process.env.BENCH_WARM_ROUNDS) || 0;

export interface Sample {
  first: number;
  last: number;
  chunks: number;
  lost: number;
}
interface Phases {
  /** Request sent → response headers (checks and the turn's stored start). */
  accepted: number;
  /** Response headers → the model receives the request (history, prompt, SDK). */
  toModel: number;
  /** The model receives the request → first token at the client. */
  toFirst: number;
  /** Last token → the stream ends (the answer's final save and FINAL_RESULT). */
  settle: number;
}

const now = () => performance.timeOrigin + performance.now();

/**
 * CPU time of a process's main thread (its event loop) so far, in ms (Linux, ticks of 10 ms). The process total
 * also counts V8's and PGlite's helper threads (garbage collection, WebAssembly tier-up compiles), which run beside
 * the loop on another core; what makes turns wait for each other is the main thread's share.
 */
export function mainThreadCpuMs(pid: number) {
  try {
    const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}
/** The p99 of the health probe's answers on `path` (bench/health-probe.ts), with how many and how many failed. */
export function healthP99(answers: { path: string; ms: number; ok: boolean }[], path: string) {
  const on = answers.filter((h) => h.path === path);
  const failed = on.filter((h) => !h.ok).length;
  return `${ms(
    percentile(
      on.map((h) => h.ms),
      99,
    ),
  )} (${on.length}${failed ? `, ${failed} failed` : ""})`;
}
const expectedChunk = (i: number) => `片段${i} `;

export async function direct(url: string, key: string, expected = CHUNKS): Promise<Sample> {
  const started = performance.now();
  let first = Number.NaN;
  let chunks = 0;
  const res = await fetch(`${url}/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ model: "fake-bench", stream: true, messages: [{ role: "user", content: "hi" }] }),
  });
  let last = Number.NaN;
  await readSse(res, (d) => {
    if (d.choices?.[0]?.delta?.content) {
      if (!chunks) first = performance.now() - started;
      last = performance.now() - started;
      chunks += 1;
    }
  });
  return { first, last, chunks, lost: expected - chunks };
}

export async function viaApi(
  base: string,
  token: string,
  conversationId: number,
  arrivals: Map<string, number>,
  expected = CHUNKS,
) {
  const message = `bench ${randomUUID()}`;
  const sent = now();
  let first = Number.NaN;
  let last = Number.NaN;
  let chunks = 0;
  let inOrder = 0;
  let final = false;
  const res = await fetch(`${base}/api/agent/conversation/chat`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ conversationId, message }),
  });
  const headers = now();
  await readSse(res, (e) => {
    if (e.eventType === "MESSAGE" && e.data?.type === "CHAT" && e.data.text) {
      if (!chunks) first = now();
      last = now();
      if (e.data.text === expectedChunk(chunks)) inOrder += 1;
      chunks += 1;
    } else if (e.eventType === "FINAL_RESULT" && e.data?.success) final = true;
  });
  const end = now();
  const sample: Sample = { first: first - sent, last: last - sent, chunks, lost: expected - inOrder + (final ? 0 : 1) };
  return { sample, message, sent, headers, first, last, end, arrivals };
}

type ApiRun = Awaited<ReturnType<typeof viaApi>>;

function phasesOf(run: ApiRun): Phases {
  const arrived = run.arrivals.get(run.message) ?? Number.NaN;
  return {
    accepted: run.headers - run.sent,
    toModel: arrived - run.headers,
    toFirst: run.first - arrived,
    settle: run.end - run.last,
  };
}

async function api(base: string, path: string, token: string | null, body?: unknown) {
  const res = await fetch(base + path, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { code: string; message: string; data: any };
  if (json.code !== "0000") throw new Error(`${path}: ${json.code} ${json.message}`);
  return json.data;
}

export async function setUp(base: string, fake: Child) {
  const token = (await api(base, "/api/user/passwordLogin", null, { phoneOrEmail: "admin", password: ADMIN_PASSWORD }))
    .token as string;
  const spaceId = (await api(base, "/api/space/list", token))[0].id;
  const modelId = await api(base, "/api/system/model/save", token, {
    name: "bench",
    model: "fake-bench",
    baseUrl: fake.hello.url,
    apiKey: fake.hello.apiKey,
    functionCall: "Unsupported",
  });
  const agentId = await api(base, "/api/agent/add", token, { spaceId, name: "bench" });
  const agent = await api(base, `/api/agent/${agentId}`, token);
  await api(base, "/api/agent/component/model/update", token, {
    id: agent.modelComponentConfig.id,
    targetId: modelId,
    bindConfig: {},
  });
  return { token, agentId: agentId as number };
}

export async function conversationsFor(base: string, token: string, agentId: number, n: number) {
  const ids: number[] = [];
  while (ids.length < n) {
    const batch = Math.min(50, n - ids.length);
    const created = await Promise.all(
      Array.from(
        { length: batch },
        async () => (await api(base, "/api/agent/conversation/create", token, { agentId })).id,
      ),
    );
    ids.push(...created);
  }
  return ids;
}

const pcts = (values: number[]) => [50, 95, 99].map((p) => percentile(values, p));
const fmt = (values: number[]) => values.map(ms);

export async function benchChat() {
  const database = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite";
  const fake = await startChild("chat-fake.ts");
  // BENCH_BUNDLE=1: the server as an esbuild bundle (as `npm start` runs it) instead of through tsx; either
  // way with npm start's Node flags and environment.
  const server = await startChild(
    process.env.BENCH_BUNDLE
      ? await bundleChatServer(path.join(ROOT, "node_modules", ".cache", "bench-chat"))
      : "chat-server.ts",
    [],
    startRuntime(),
  );
  const profiled = process.env.BENCH_CPU_PROF ? Number(process.env.BENCH_PROFILE_LEVEL ?? 200) : null;
  const base = server.hello.url as string;
  const probe = await startChild("health-probe.ts", [base]);
  const arrivals = new Map<string, number>();
  const takeArrivals = () => {
    for (const line of fake.lines.splice(0)) arrivals.set(line.text, line.arrived);
  };
  const where = `${machine()}; database ${database}; server run with npm start's flags`;
  const overhead: (string | number)[][] = [];
  const phases: (string | number)[][] = [];
  try {
    const { token, agentId } = await setUp(base, fake);
    // Warm-up: the first turns compile statements and code paths; they are not measured.
    const [warm] = await conversationsFor(base, token, agentId, 1);
    for (let i = 0; i < 5; i++) await viaApi(base, token, warm as number, arrivals);
    for (const n of LEVELS) {
      const rounds = n === 1 ? SINGLE_ROUNDS : 1;
      const ids = await conversationsFor(base, token, agentId, n);
      // A level's run is its `rounds` (a lone stream's 30 turns in a row): warming it runs as many, k times.
      for (let w = 0; w < WARM_ROUNDS * rounds; w++)
        await Promise.all(ids.map((id) => viaApi(base, token, id, arrivals)));
      const directSamples: Sample[] = [];
      for (let r = 0; r < rounds; r++)
        directSamples.push(...(await Promise.all(ids.map(() => direct(fake.hello.url, fake.hello.apiKey)))));
      let peak = rssOf(server.process.pid as number);
      const rssTimer = setInterval(() => {
        peak = Math.max(peak, rssOf(server.process.pid as number));
      }, 50);
      probe.lines.splice(0);
      const cpuBefore = cpuMsOf(server.process.pid as number);
      const mainBefore = mainThreadCpuMs(server.process.pid as number);
      if (n === profiled) server.process.kill("SIGUSR2");
      const runs: ApiRun[] = [];
      for (let r = 0; r < rounds; r++)
        runs.push(...(await Promise.all(ids.map((id) => viaApi(base, token, id, arrivals)))));
      clearInterval(rssTimer);
      const cpuPerTurn = (cpuMsOf(server.process.pid as number) - cpuBefore) / (n * rounds);
      const mainPerTurn = (mainThreadCpuMs(server.process.pid as number) - mainBefore) / (n * rounds);
      if (n === profiled) {
        server.process.kill("SIGUSR2");
        while (!server.lines.some((l) => l.profiled)) await new Promise((r) => setTimeout(r, 50));
      }
      takeArrivals();
      const health = probe.lines.splice(0);
      const probeP99 = (p: string) => healthP99(health, p);
      const apiSamples = runs.map((r) => r.sample);
      const lost = apiSamples.reduce((sum, s) => sum + s.lost, 0);
      const d = { first: pcts(directSamples.map((s) => s.first)), last: pcts(directSamples.map((s) => s.last)) };
      const a = { first: pcts(apiSamples.map((s) => s.first)), last: pcts(apiSamples.map((s) => s.last)) };
      const diff = (x: number[], y: number[]) => x.map((v, i) => v - (y[i] ?? 0));
      overhead.push([n, "direct", ...fmt(d.first), ...fmt(d.last), "", "", "", "", "", ""]);
      overhead.push([
        n,
        "via API",
        ...fmt(a.first),
        ...fmt(a.last),
        lost,
        `${(peak / 2 ** 20).toFixed(0)} MB`,
        probeP99("/healthz"),
        probeP99("/readyz"),
        `${cpuPerTurn.toFixed(1)} ms`,
        `${mainPerTurn.toFixed(1)} ms`,
      ]);
      overhead.push([
        n,
        "difference",
        ...fmt(diff(a.first, d.first)),
        ...fmt(diff(a.last, d.last)),
        "",
        "",
        "",
        "",
        "",
        "",
      ]);
      const traced = runs.map(phasesOf);
      const phase = (k: keyof Phases) =>
        `${ms(
          percentile(
            traced.map((t) => t[k]),
            50,
          ),
        )} / ${ms(
          percentile(
            traced.map((t) => t[k]),
            99,
          ),
        )}`;
      phases.push([n, phase("accepted"), phase("toModel"), phase("toFirst"), phase("settle")]);
    }
    table(
      `Chat overhead, ${CHUNKS} chunks 5 ms apart (${where}; the fake model, the server and the client in separate processes; a lone stream ${SINGLE_ROUNDS} times in a row${WARM_ROUNDS ? `; each level run ${WARM_ROUNDS} times unmeasured first` : ""})`,
      [
        "streams",
        "path",
        "TTFT p50",
        "TTFT p95",
        "TTFT p99",
        "last p50",
        "last p95",
        "last p99",
        "events lost",
        "server peak RSS",
        "/healthz p99 (n)",
        "/readyz p99 (n)",
        "server CPU / turn",
        "of it main thread",
      ],
      overhead,
    );
    table(
      `Phases of a turn through the API, p50 / p99 (${where})`,
      ["streams", "request → headers", "headers → model asked", "model asked → first token", "last token → end"],
      phases,
    );
  } finally {
    await probe.stop();
    await server.stop();
    await fake.stop();
  }
}
