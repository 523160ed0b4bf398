import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { sendChunked } from "#tests/support/chunked-body";
import { ms, percentile, readSse, table } from "./lib";
import { printProfileSummary } from "./security-profile";

/**
 * Security under load, measured on a server in its own process (bench/security-server.ts):
 * - peak RSS of the server while it refuses a 1 GB chunked body (no Content-Length), for an upload without
 *   a session, an upload with one (refused at the tenant's file size limit) and a form post to /login;
 * - /healthz (event loop only) and /readyz (a database ping) latency while 100 chat streams (built-in model,
 *   through the API) run at once; with BENCH_SERVER_ARGS="--cpu-prof --cpu-prof-dir=…" also where the server's
 *   CPU time went. BENCH_SECURITY=health or =bodies runs one part only.
 * Printed figures, never pass/fail.
 */
const GB = 1024 ** 3;
const MB = 1024 ** 2;
const STREAMS = Number(process.env.BENCH_STREAMS ?? 100);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 15);
const ADMIN_PASSWORD = "Admin#Pass2026";

interface Server {
  url: string;
  web: string;
  child: ChildProcess;
}

// BENCH_SERVER_ARGS passes node flags to the server only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
const nodeArgs = process.env.BENCH_SERVER_ARGS?.split(" ").filter(Boolean) ?? [];

async function startServer(): Promise<Server> {
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", "bench/security-server.ts"], {
    env: { ...process.env, DATA_DIR: "memory://", PORT: "0", LOG_LEVEL: "silent", ADMIN_PASSWORD },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    const m = /^listening (\d+) (\S+)/.exec(line);
    if (m) return { url: `http://127.0.0.1:${m[1]}`, web: m[2]!, child };
  }
  throw new Error("server did not start");
}

/** Resident memory of a process in bytes: now, or the peak since the last reset. */
function rss(pid: number, field: "VmRSS" | "VmHWM") {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(m?.[1] ?? 0) * 1024;
}

/** Resets the kernel's peak-RSS mark (VmHWM) so the next reading covers only what follows. */
function resetPeak(pid: number) {
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
}

async function api(base: string, path: string, body: unknown, token?: string) {
  const res = await fetch(base + path, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: string; message: string; data: any };
}

async function bodies(server: Server, token: string) {
  const boundary = "----bench";
  const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`;
  const cases = [
    ["/api/file/upload, no session", "/api/file/upload", multipart, `multipart/form-data; boundary=${boundary}`, {}],
    [
      "/api/file/upload, signed in",
      "/api/file/upload",
      multipart,
      `multipart/form-data; boundary=${boundary}`,
      { authorization: `Bearer ${token}` },
    ],
    [`/login form post (${server.web})`, "/login", "phoneOrEmail=a&password=", "application/x-www-form-urlencoded", {}],
  ] as const;
  const pid = server.child.pid!;
  const rows: (string | number)[][] = [];
  for (const [label, path, head, type, headers] of cases) {
    const before = rss(pid, "VmRSS");
    resetPeak(pid);
    const r = await sendChunked(server.url + path, { total: GB, head, headers: { "content-type": type, ...headers } });
    const answer = r.text.startsWith("{") ? `${r.status} code ${JSON.parse(r.text).code}` : `${r.status}`;
    rows.push([
      label,
      answer,
      `${(r.sentAtAnswer / MB).toFixed(1)} MB`,
      ms(r.ms),
      `${(before / MB).toFixed(0)} MB`,
      `${(rss(pid, "VmHWM") / MB).toFixed(0)} MB`,
    ]);
  }
  table(
    "1 GB chunked body refused (server in its own process)",
    ["request", "answer", "sent before answer", "time to answer", "RSS before", "peak RSS"],
    rows,
  );
}

/** Sequential /healthz and /readyz probes until `until` resolves; each probe's latency in ms, per path. */
async function probeHealth(base: string, until: Promise<unknown>) {
  let done = false;
  void until.then(() => {
    done = true;
  });
  const samples = { healthz: [] as number[], readyz: [] as number[] };
  while (!done) {
    for (const path of ["healthz", "readyz"] as const) {
      const started = performance.now();
      await (await fetch(`${base}/${path}`)).text();
      samples[path].push(performance.now() - started);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return samples;
}

async function health(server: Server, token: string) {
  const spaces = (await fetch(`${server.url}/api/space/list`, { headers: { authorization: `Bearer ${token}` } }).then(
    (r) => r.json(),
  )) as { data: { id: number }[] };
  const agentId = (await api(server.url, "/api/agent/add", { spaceId: spaces.data[0]!.id, name: "bench" }, token)).data;
  const conversations: number[] = [];
  for (let i = 0; i < STREAMS; i++) {
    conversations.push((await api(server.url, "/api/agent/conversation/create", { agentId }, token)).data.id);
  }
  const idle = await probeHealth(server.url, new Promise((r) => setTimeout(r, 2000)));
  const deadline = Date.now() + LOAD_SECONDS * 1000;
  let turns = 0;
  let failed = 0;
  // Every conversation keeps one answer streaming until the deadline: STREAMS streams at any moment.
  const load = Promise.all(
    conversations.map(async (conversationId) => {
      while (Date.now() < deadline) {
        const res = await fetch(`${server.url}/api/agent/conversation/chat`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify({ conversationId, message: "你好，请介绍一下你自己" }),
        });
        let ok = false;
        if (res.ok) await readSse(res, (e) => (ok ||= e.eventType === "FINAL_RESULT" && e.data?.success));
        if (ok) turns += 1;
        else failed += 1;
      }
    }),
  );
  const loaded = await probeHealth(server.url, load);
  const row = (label: string, s: number[]) => [
    label,
    s.length,
    ms(percentile(s, 50)),
    ms(percentile(s, 99)),
    ms(Math.max(...s)),
  ];
  table(
    `/healthz (event loop only) and /readyz (database ping) latency (${STREAMS} concurrent chat streams for ${LOAD_SECONDS} s, built-in model; ${turns} answers, ${failed} failed)`,
    ["while", "probes", "p50", "p99", "max"],
    [
      row("/healthz idle", idle.healthz),
      row(`/healthz ${STREAMS} streams`, loaded.healthz),
      row("/readyz idle", idle.readyz),
      row(`/readyz ${STREAMS} streams`, loaded.readyz),
    ],
  );
}

export async function benchSecurity() {
  const server = await startServer();
  try {
    const login = await api(server.url, "/api/user/passwordLogin", { phoneOrEmail: "admin", password: ADMIN_PASSWORD });
    const token = login.data.token as string;
    const part = process.env.BENCH_SECURITY;
    if (part !== "health") await bodies(server, token);
    if (part !== "bodies") await health(server, token);
  } finally {
    const exited = new Promise((resolve) => server.child.once("exit", resolve));
    server.child.kill("SIGTERM");
    await exited;
  }
  // With --cpu-prof the server wrote its profile on exit: where its time went, beside the figures.
  printProfileSummary(nodeArgs, server.child.pid!);
}
