import path from "node:path";
import { fileURLToPath } from "node:url";
import { conversationsFor, direct, healthP99, mainThreadCpuMs, type Sample, setUp, viaApi } from "./chat";
import { bundleChatServer } from "./chat-bundle";
import { cpuMsOf, machine, rssOf, startChild, startRuntime } from "./chat-procs";
import { ms, percentile, table } from "./lib";

/**
 * Chat overhead with streams open all the time, as many people chatting at once: BENCH_STEADY_STREAMS (default
 * 200) users each send a message, read the whole answer and send the next, for BENCH_STEADY_SECONDS (default 30).
 * Answers are paced like a real model's (BENCH_STEADY_CHUNKS chunks, default 100, 50 ms apart: 5 s), and the users
 * start spread over one answer's length, so the streams open at any moment stay near the number of users and
 * the turns' starts are spread in time. bench/chat.ts measures the other case: every stream of a level sent in
 * the same millisecond, where the last of 200 starts waits for the 199 before it.
 * Only turns sent after the first answer's length (when every user is streaming) and ended before the end
 * are measured. The same users are run against the fake model directly first, for the difference.
 * Same processes as bench/chat.ts: the fake model, the server (npm start's flags; BENCH_BUNDLE=1 as a bundle)
 * and the health probe each in its own process, this one the client.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const USERS = Number(process.env.BENCH_STEADY_STREAMS) || 200;
const SECONDS = Number(process.env.BENCH_STEADY_SECONDS) || 30;
const CHUNKS = Number(process.env.BENCH_STEADY_CHUNKS) || 100;
const CHUNK_MS = 50;
const ANSWER_MS = CHUNKS * CHUNK_MS;

interface Timed<T> {
  sent: number;
  ended: number;
  value: T;
}

/** Runs `turn` for every user in a loop until the time is up; user i starts i/USERS of an answer's length late. */
async function users<T>(turn: (user: number) => Promise<T>) {
  const start = performance.now();
  const done: Timed<T>[] = [];
  await Promise.all(
    Array.from({ length: USERS }, async (_, user) => {
      await new Promise((r) => setTimeout(r, (user * ANSWER_MS) / USERS));
      while (performance.now() - start < SECONDS * 1000) {
        const sent = performance.now() - start;
        const value = await turn(user);
        done.push({ sent, ended: performance.now() - start, value });
      }
    }),
  );
  // Measured: sent once every user streams, ended before the first user stopped sending.
  return { all: done, measured: done.filter((t) => t.sent >= ANSWER_MS && t.ended <= SECONDS * 1000) };
}

/** Mean number of turns in flight while every user streams (from one answer's length to one before the end). */
function meanOpen(turns: Timed<unknown>[]) {
  let open = 0;
  let samples = 0;
  for (let at = ANSWER_MS; at < SECONDS * 1000 - ANSWER_MS; at += 100) {
    samples += 1;
    open += turns.filter((t) => t.sent <= at && t.ended > at).length;
  }
  return samples ? open / samples : 0;
}

const pcts = (values: number[]) => [50, 95, 99].map((p) => percentile(values, p));

export async function benchChatSteady() {
  const database = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite";
  const fake = await startChild("chat-fake.ts", [], {
    flags: [],
    env: { BENCH_CHUNKS: String(CHUNKS), BENCH_DELAY_MS: String(CHUNK_MS) },
  });
  const server = await startChild(
    process.env.BENCH_BUNDLE
      ? await bundleChatServer(path.join(ROOT, "node_modules", ".cache", "bench-chat"))
      : "chat-server.ts",
    [],
    startRuntime(),
  );
  const base = server.hello.url as string;
  const probe = await startChild("health-probe.ts", [base]);
  const pid = server.process.pid as number;
  try {
    const { token, agentId } = await setUp(base, fake);
    const ids = await conversationsFor(base, token, agentId, USERS);
    // The first turns compile statements and code paths; they are not measured.
    await Promise.all(ids.slice(0, 20).map((id) => viaApi(base, token, id, new Map(), CHUNKS)));

    const directTurns = await users(() => direct(fake.hello.url, fake.hello.apiKey, CHUNKS));

    probe.lines.splice(0);
    let peak = rssOf(pid);
    const rssTimer = setInterval(() => {
      peak = Math.max(peak, rssOf(pid));
    }, 100);
    const cpuBefore = cpuMsOf(pid);
    const mainBefore = mainThreadCpuMs(pid);
    const arrivals = new Map<string, number>();
    const apiTurns = await users((user) => viaApi(base, token, ids[user] as number, arrivals, CHUNKS));
    clearInterval(rssTimer);
    const all = { cpu: cpuMsOf(pid) - cpuBefore, main: mainThreadCpuMs(pid) - mainBefore };
    const health = probe.lines.splice(0);

    const d: Sample[] = directTurns.measured.map((t) => t.value);
    const a: Sample[] = apiTurns.measured.map((t) => t.value.sample);
    // CPU is over the whole API run (its start and tail included), so it is divided by every turn of it.
    const turnsRun = apiTurns.all.length;
    const probeP99 = (p: string) => healthP99(health, p);
    const row = (label: string, first: number[], last: number[]) => [label, ...first.map(ms), ...last.map(ms)];
    const df = pcts(d.map((s) => s.first));
    const dl = pcts(d.map((s) => s.last));
    const af = pcts(a.map((s) => s.first));
    const al = pcts(a.map((s) => s.last));
    const where = `${machine()}; database ${database}; server run with npm start's flags`;
    table(
      `Chat overhead with ${USERS} users streaming all the time for ${SECONDS} s (answers of ${CHUNKS} chunks ${CHUNK_MS} ms apart; users start spread over one answer; ${where})`,
      ["path", "TTFT p50", "TTFT p95", "TTFT p99", "last p50", "last p95", "last p99"],
      [
        row("direct", df, dl),
        row("via API", af, al),
        row(
          "difference",
          af.map((v, i) => v - (df[i] ?? 0)),
          al.map((v, i) => v - (dl[i] ?? 0)),
        ),
      ],
    );
    table(
      `The same run, via API (${where})`,
      [
        "turns measured (direct / API)",
        "streams open, mean (direct / API)",
        "events lost",
        "server peak RSS",
        "/healthz p99 (n)",
        "/readyz p99 (n)",
        "server CPU / turn",
        "of it main thread",
      ],
      [
        [
          `${directTurns.measured.length} / ${apiTurns.measured.length}`,
          `${meanOpen(directTurns.all).toFixed(0)} / ${meanOpen(apiTurns.all).toFixed(0)}`,
          a.reduce((sum, s) => sum + s.lost, 0),
          `${(peak / 2 ** 20).toFixed(0)} MB`,
          probeP99("/healthz"),
          probeP99("/readyz"),
          `${(all.cpu / turnsRun).toFixed(1)} ms`,
          `${(all.main / turnsRun).toFixed(1)} ms`,
        ],
      ],
    );
  } finally {
    await probe.stop();
    await server.stop();
    await fake.stop();
  }
}
