import http from "node:http";
import { Session } from "node:inspector/promises";
import net from "node:net";
import { PGlite } from "@electric-sql/pglite";
import { startFakeOpenAI } from "#tests/fixtures/fake-openai";
import { startServer } from "#tests/support/server";
import { machine } from "./chat-procs";
import { nowUs } from "./chat-trace";
import { benchAgent } from "./in-process-agent";
import { ms, percentile, table } from "./lib";

/**
 * A lone chat turn's critical path, in one process: server, fake model and a plain keep-alive node:http client (no
 * fetch, so the client's own cost is small and constant). Per turn it takes the wall time and this process's CPU
 * time from the request's send to the model request's write (all server work before the model call), from there
 * to the first token read by the client, and for the whole turn; and when the server's sockets were written:
 * the response head and the model request (which goes first decides whether the head's write is on the path).
 * CPU times are the load-independent figures to compare A/B. `node --import tsx bench/lone-path.ts [turns] [warm]`.
 */
const TURNS = Number(process.argv[2] ?? 100);
const WARM = Number(process.argv[3] ?? 100);
const [server, fake] = await Promise.all([
  startServer(),
  startFakeOpenAI({ benchChunks: 20, benchDelayMs: 5, onRequest: () => mark("model asked") }),
]);
const fakePort = Number(new URL(fake.url).port);
const serverPort = Number(new URL(server.url).port);

let marks: Map<string, { at: number; cpu: number; us: number }> = new Map();
function mark(label: string) {
  if (marks.has(label)) return;
  const cpu = process.cpuUsage();
  marks.set(label, { at: performance.now(), cpu: (cpu.user + cpu.system) / 1000, us: nowUs() });
}
// The first write of each kind in a turn: the model request (to the fake's port), the response head (from ours).
for (const name of ["_writeGeneric"] as const) {
  const proto = net.Socket.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const original = proto[name] as (...args: unknown[]) => unknown;
  proto[name] = function (this: net.Socket, ...args: unknown[]) {
    if (this.remotePort === fakePort) mark("model request written");
    else if (this.localPort === serverPort) mark("response written");
    return original.apply(this, args);
  };
}

// The server's request event (the head parsed): what came before is the client's send and Node's parsing.
const emit = http.Server.prototype.emit as (this: http.Server, event: string, ...args: unknown[]) => boolean;
http.Server.prototype.emit = function (this: http.Server, event: string, ...args: unknown[]) {
  if (event === "request") mark("request received");
  return emit.call(this, event, ...args);
} as typeof http.Server.prototype.emit;
// The end of the last statement before the model request (the turn's start, stored): its time, kept up to date.
const runExclusive = PGlite.prototype.runExclusive;
PGlite.prototype.runExclusive = function <T>(this: PGlite, fn: () => Promise<T>) {
  mark("first statement");
  return (runExclusive.call(this, fn) as Promise<T>).finally(() => {
    if (!marks.has("model request written")) {
      marks.delete("stored");
      mark("stored");
    }
  });
} as PGlite["runExclusive"];

const { api, token, agentId } = await benchAgent(server, fake);

const agentPool = new http.Agent({ keepAlive: true, maxSockets: 1 });
/** One turn: resolves once the stream ended; marks "first token" at the first MESSAGE with text. */
function turn(conversationId: number, message: string) {
  const body = JSON.stringify({ conversationId, message });
  return new Promise<void>((resolve, reject) => {
    const req = http.request(
      `${server.url}/api/agent/conversation/chat`,
      {
        method: "POST",
        agent: agentPool,
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        },
      },
      (res) => {
        mark("headers");
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          if (!marks.has("first token")) {
            text += chunk;
            if (text.includes('"eventType":"MESSAGE"')) mark("first token");
          }
        });
        res.on("end", () => resolve());
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    mark("request sent");
    req.end(body);
  });
}

const conversations: number[] = [];
for (let i = 0; i < WARM + TURNS; i++)
  conversations.push((await api("/api/agent/conversation/create", token, { agentId })).id);
const rows: Record<string, number>[] = [];
/**
 * With PROFILE=1: the windows of the measured turns, on the profile's clock: request sent → model request written;
 * with PROFILE=after-sql from the turn stored, with PROFILE=before-sql to the first statement, with PROFILE=after-model
 * from the model request written to the first token read by the client (the fake model's reply and our relay).
 */
const windows: [number, number][] = [];
const session = new Session();
for (const [i, id] of conversations.entries()) {
  if (process.env.PROFILE && i === WARM) {
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 50 });
    await session.post("Profiler.start");
  }
  marks = new Map();
  await turn(id, `turn ${i}`);
  mark("end");
  if (i < WARM) continue;
  const [from, to] =
    process.env.PROFILE === "after-sql"
      ? ["stored", "model request written"]
      : process.env.PROFILE === "before-sql"
        ? ["request sent", "first statement"]
        : process.env.PROFILE === "after-model"
          ? ["model request written", "first token"]
          : ["request sent", "model request written"];
  windows.push([marks.get(from)?.us ?? 0, marks.get(to)?.us ?? 0]);
  const at = (l: string) => marks.get(l)?.at ?? Number.NaN;
  const cpu = (l: string) => marks.get(l)?.cpu ?? Number.NaN;
  rows.push({
    toModel: at("model request written") - at("request sent"),
    toModelCpu: cpu("model request written") - cpu("request sent"),
    receivedToStatement: at("first statement") - at("request received"),
    receivedToStatementCpu: cpu("first statement") - cpu("request received"),
    statement: at("stored") - at("first statement"),
    statementCpu: cpu("stored") - cpu("first statement"),
    storedToModel: at("model request written") - at("stored"),
    storedToModelCpu: cpu("model request written") - cpu("stored"),
    toFirst: at("first token") - at("model request written"),
    toFirstCpu: cpu("first token") - cpu("model request written"),
    ttft: at("first token") - at("request sent"),
    turnCpu: cpu("end") - cpu("request sent"),
    headFirst: at("response written") < at("model request written") ? 1 : 0,
    headToModelWrite: at("model request written") - at("response written"),
  });
}
const p = (k: string, q = 50) =>
  percentile(
    rows.map((r) => r[k] as number),
    q,
  );
const mean = (k: string) => rows.reduce((s, r) => s + (r[k] as number), 0) / rows.length;
table(
  `A lone stream, ${TURNS} turns after ${WARM} warm-up turns, medians (mean) (${machine()}; PGlite; one process)`,
  [
    "request → model request written",
    "its CPU",
    "of it: received → first statement (CPU)",
    "the statement (CPU)",
    "stored → model request written (CPU)",
    "written → first token",
    "its CPU",
    "request → first token",
    "CPU per turn",
    "turns writing the head before the model request",
  ],
  [
    [
      ms(p("toModel")),
      `${ms(p("toModelCpu"))} (${ms(mean("toModelCpu"))})`,
      `${ms(p("receivedToStatement"))} (${ms(p("receivedToStatementCpu"))})`,
      `${ms(p("statement"))} (${ms(p("statementCpu"))})`,
      `${ms(p("storedToModel"))} (${ms(p("storedToModelCpu"))})`,
      ms(p("toFirst")),
      `${ms(p("toFirstCpu"))} (${ms(mean("toFirstCpu"))})`,
      ms(p("ttft")),
      `${ms(p("turnCpu"))} (${ms(mean("turnCpu"))})`,
      `${rows.reduce((s, r) => s + (r.headFirst as number), 0)} of ${rows.length}`,
    ],
  ],
);
if (process.env.PROFILE) {
  const { profile } = await session.post("Profiler.stop");
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map<string, number>();
  const self = new Map<string, number>();
  let t = profile.startTime;
  let w = 0;
  for (const [k, id] of profile.samples!.entries()) {
    const start = t;
    t += profile.timeDeltas![k] ?? 0;
    while (w < windows.length && (windows[w]?.[1] ?? 0) < start) w++;
    const win = windows[w];
    if (!win || t < win[0]) continue;
    const dt = Math.min(t, win[1]) - Math.max(start, win[0]);
    if (dt <= 0) continue;
    const leaf = byId.get(id)!.callFrame;
    const leafName = `${leaf.functionName || "(anon)"} ${leaf.url.split("/").slice(-2).join("/")}:${leaf.lineNumber}`;
    self.set(leafName, (self.get(leafName) ?? 0) + dt);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const f = byId.get(at)!.callFrame;
      if (!f.url.includes("/server/") && !f.url.includes("node_modules")) continue;
      const name = `${f.functionName || "(anon)"} ${f.url.replace(/^.*\/(server|node_modules)\//, "$1/")}:${f.lineNumber}`;
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + dt);
    }
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${(v / 1000 / TURNS).toFixed(3).padStart(8)} ms/turn  ${k}`)
      .join("\n");
  console.log(`\nprofiled window, self time (top 45)\n${top(self, 45)}`);
  console.log(`\nprofiled window, inclusive (server and node_modules frames, top 70)\n${top(inclusive, 70)}`);
}
agentPool.destroy();
await server.close();
await fake.close();
process.exit(0);
