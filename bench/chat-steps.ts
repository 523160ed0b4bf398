import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { startFakeOpenAI } from "#tests/fixtures/fake-openai";
import { startServer } from "#tests/support/server";
import { machine } from "./chat-procs";
import { type Mark, nowUs, timeline } from "./chat-trace";
import { benchAgent } from "./in-process-agent";
import { ms, percentile, readSse, table } from "./lib";

/**
 * One chat turn at a time, in one process on PGlite: how many SQL statements the database executes before the
 * response headers and for the whole turn (reads answered by the read cache are not executed), and the server
 * thread's CPU time until the headers. Counts do not depend on the machine's load, unlike the times of
 * bench/chat.ts. Queries asked outside transactions (executed, or answered by the read cache) are counted apart.
 * `node --import tsx bench/chat-steps.ts [turns]`. With TRACE=<file> it also profiles the turns
 * (written to <file> for bench/profile-summary.ts) and prints the timeline of the median one (bench/chat-trace.ts):
 * where the time before the headers and the first token goes, CPU or waiting.
 */
const TRACE = Boolean(process.env.TRACE);
let executed = 0;
/** Marks of the traced turns: statements (with their duration) and the turn's own points. */
let marks: Mark[] = [];
const statement = <T>(sql: unknown, run: () => Promise<T>) => {
  executed += 1;
  if (!TRACE) return run();
  const start = nowUs();
  const mark = { at: start, label: `SQL ${String(sql).replace(/\s+/g, " ").slice(0, 70)}` };
  marks.push(mark);
  return run().finally(() => {
    mark.label += ` (${((nowUs() - start) / 1000).toFixed(2)} ms)`;
  });
};
const query = PGlite.prototype.query;
PGlite.prototype.query = function (this: PGlite, ...args: Parameters<PGlite["query"]>) {
  return statement(args[0], () => query.apply(this, args));
} as PGlite["query"];
// Texts asked again run as named statements (server/db/named-statements.ts), each under one runExclusive.
const runExclusive = PGlite.prototype.runExclusive;
PGlite.prototype.runExclusive = function <T>(this: PGlite, fn: () => Promise<T>) {
  return statement("(named statement)", () => runExclusive.call(this, fn)) as Promise<T>;
} as PGlite["runExclusive"];
const transaction = PGlite.prototype.transaction;
PGlite.prototype.transaction = function <T>(this: PGlite, fn: (tx: Transaction) => Promise<T>) {
  return transaction.call(this, (tx: Transaction) => {
    const counted: Transaction = Object.create(tx);
    counted.query = ((...args: Parameters<Transaction["query"]>) =>
      statement(args[0], () => tx.query(...args))) as Transaction["query"];
    return fn(counted);
  }) as Promise<T>;
} as PGlite["transaction"];

const TURNS = Number(process.argv[2] ?? 20);
const [server, fake] = await Promise.all([
  startServer(),
  startFakeOpenAI({
    benchChunks: 20,
    benchDelayMs: 5,
    onRequest: () => marks.push({ at: nowUs(), label: "model asked" }),
  }),
]);

// Every query asked of the database outside transactions, whether executed or answered by the read cache: the
// statement queue's own `query` on the client (yielding.ts); `executed` counts only what the engine ran.
let asked = 0;
const client = (server.deps.db as unknown as { $client: PGlite }).$client;
const ask = client.query.bind(client);
client.query = ((...args: Parameters<PGlite["query"]>) => {
  asked += 1;
  return ask(...args);
}) as PGlite["query"];

const { api, token, agentId } = await benchAgent(server, fake);

const samples: {
  headersMs: number;
  modelMs: number;
  firstMs: number;
  cpuMs: number;
  before: number;
  total: number;
  asked: number;
  turnCpuMs: number;
  marks: Mark[];
}[] = [];
const session = new Session();
if (TRACE) {
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 100 });
}
// Created first, so a profile (TRACE) holds the turns alone.
const conversations: number[] = [];
for (let i = 0; i < TURNS + 3; i++)
  conversations.push((await api("/api/agent/conversation/create", token, { agentId })).id);
for (const [i, id] of conversations.entries()) {
  if (TRACE && i === 3) await session.post("Profiler.start");
  executed = 0;
  asked = 0;
  marks = [{ at: nowUs(), label: "request sent" }];
  const cpu = process.cpuUsage();
  const sent = performance.now();
  const res = await fetch(`${server.url}/api/agent/conversation/chat`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ conversationId: id, message: `turn ${i}` }),
  });
  const headersMs = performance.now() - sent;
  marks.push({ at: nowUs(), label: "headers" });
  const used = process.cpuUsage(cpu);
  const before = executed;
  // The stream ends once the turn's last writes (answer, run, relation, notification) have landed.
  let first = true;
  await readSse(res, (e) => {
    if (first && e.eventType === "MESSAGE" && e.data?.text) {
      first = false;
      marks.push({ at: nowUs(), label: "first token" });
    }
  });
  const whole = process.cpuUsage(cpu);
  // The first turns compile statements and code paths: not measured.
  const since = (label: string) => ((marks.find((m) => m.label === label)?.at ?? Number.NaN) - marks[0]!.at) / 1000;
  if (i >= 3)
    samples.push({
      headersMs,
      modelMs: since("model asked"),
      firstMs: since("first token"),
      cpuMs: (used.user + used.system) / 1000,
      before,
      total: executed,
      asked,
      turnCpuMs: (whole.user + whole.system) / 1000,
      marks,
    });
}
const med = (k: "headersMs" | "modelMs" | "firstMs" | "cpuMs" | "before" | "total" | "asked" | "turnCpuMs") =>
  percentile(
    samples.map((s) => s[k]),
    50,
  );
table(
  `One turn at a time, ${TURNS} turns, medians (${machine()}; database PGlite; client, server and fake model in one process)`,
  [
    "request → headers",
    "request → model asked",
    "request → first token",
    "CPU until headers (all of this process)",
    "CPU per turn (all of this process)",
    "SQL executed before headers",
    "SQL per turn",
    "queries asked per turn outside transactions (executed or cached)",
  ],
  [
    [
      ms(med("headersMs")),
      ms(med("modelMs")),
      ms(med("firstMs")),
      ms(med("cpuMs")),
      ms(med("turnCpuMs")),
      med("before"),
      med("total"),
      med("asked"),
    ],
  ],
);
if (TRACE) {
  const { profile } = await session.post("Profiler.stop");
  writeFileSync(process.env.TRACE as string, JSON.stringify(profile));
  const median = [...samples].sort((a, b) => a.headersMs - b.headersMs)[Math.floor(samples.length / 2)];
  const from = median?.marks[0]?.at ?? 0;
  const to = median?.marks.find((m) => m.label === "first token")?.at ?? from;
  console.log(
    `\nTimeline of the median turn (${ms(median?.headersMs ?? Number.NaN)} to the headers), request to first token:`,
  );
  console.log(timeline(profile, from, to, median?.marks ?? []).join("\n"));
}
await server.close();
await fake.close();
process.exit(0);
