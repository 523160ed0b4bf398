import { fork } from "node:child_process";
import { Agent, request } from "node:http";
import path from "node:path";

/**
 * CPU time the server spends per HTTP request, by kind of request: the server runs alone in a child process
 * (the test server: in-memory PGlite, API only) and reports its own process.cpuUsage() before and after this
 * process sends N sequential keep-alive requests, so the client's own work is not counted. The last row is the
 * web layer's in-process call (api.fetch with a Request, as a page loader makes ~5 times per render), measured
 * inside the server process. Wall time on a shared machine is the load; CPU per request much less so.
 *
 *   node --import tsx bench/http-cpu.ts [requests per kind, default 2000] [rounds, default 3]
 *   HTTP_CPU_TREES=/tmp/a,/tmp/b runs the server of each working tree (an A/B: a clone at the old commit and
 *   this one) side by side, taking turns; HTTP_CPU_PROF=<dir> also writes the servers' CPU profiles there.
 */
const N = Number(process.argv[2] ?? 2000);
const ROUNDS = Number(process.argv[3] ?? 3);

interface Ready {
  url: string;
  token: string;
}
type Reply = { cpuUs: number } | Ready;

if (process.argv[2] === "--server") {
  const { startServer } = await import("#tests/support/server");
  const { createApi } = await import("#server/api/app");
  const server = await startServer();
  const token = await server.adminToken();
  const api = createApi(server.deps);
  const cpu = () => {
    const u = process.cpuUsage();
    return u.user + u.system;
  };
  process.on("message", async (m: { kind: string; n?: number }) => {
    if (m.kind === "cpu") return process.send?.({ cpuUs: cpu() });
    if (m.kind === "inprocess") {
      const before = cpu();
      for (let i = 0; i < (m.n ?? 0); i++) {
        const res = await api.fetch(
          new Request(`${server.url}/api/user/getLoginInfo`, { headers: { cookie: `ticket=${token}` } }),
          { internalIp: "127.0.0.1", actors: new Map() },
        );
        await res.text();
      }
      return process.send?.({ cpuUs: cpu() - before });
    }
    if (m.kind === "close") {
      await server.close();
      process.exit(0);
    }
  });
  process.send?.({ url: server.url, token });
} else {
  const trees = (process.env.HTTP_CPU_TREES ?? process.cwd()).split(",");
  const servers = await Promise.all(trees.map(startServerOf));
  const kinds = (server: Server): [string, () => Promise<void>][] => {
    const bearer = { authorization: `Bearer ${server.token}` };
    const json = '{"pageNum":1,"pageSize":20}';
    return [
      ["GET /healthz", () => server.send("GET", "/healthz", {})],
      ["GET /readyz", () => server.send("GET", "/readyz", {})],
      ["GET /api/tenant/config (anonymous)", () => server.send("GET", "/api/tenant/config", {})],
      ["GET /api/user/getLoginInfo (Bearer)", () => server.send("GET", "/api/user/getLoginInfo", bearer)],
      [
        "GET /api/user/getLoginInfo (cookie)",
        () => server.send("GET", "/api/user/getLoginInfo", { cookie: `ticket=${server.token}` }),
      ],
      [
        "POST /api/agent/conversation/list (Bearer, JSON)",
        () =>
          server.send(
            "POST",
            "/api/agent/conversation/list",
            { ...bearer, "content-type": "application/json", "content-length": String(json.length) },
            json,
          ),
      ],
    ];
  };
  const IN_PROCESS = "in-process api.fetch GET getLoginInfo (cookie)";
  /** µs per request, by tree, by kind: one value per round. */
  const results = servers.map(() => new Map<string, number[]>());
  const BATCH = 250;
  // Round 0 warms the JIT and the caches and is not recorded. Within a round the trees take turns in batches,
  // so a change of the machine's load falls on all of them alike.
  for (let round = 0; round <= ROUNDS; round++) {
    const names = kinds(servers[0]!).map(([name]) => name);
    for (const [k, name] of names.entries()) {
      const used = servers.map(() => 0);
      for (let done = 0; done < N; done += BATCH) {
        for (const [t, server] of servers.entries()) {
          const fn = kinds(server)[k]![1];
          const before = (await server.ask({ kind: "cpu" })).cpuUs;
          for (let i = 0; i < BATCH; i++) await fn();
          used[t]! += (await server.ask({ kind: "cpu" })).cpuUs - before;
        }
      }
      if (round > 0) for (const [t, used1] of used.entries()) push(results[t]!, name, used1 / N);
    }
    const used = servers.map(() => 0);
    for (let done = 0; done < N; done += BATCH) {
      for (const [t, server] of servers.entries())
        used[t]! += (await server.ask({ kind: "inprocess", n: BATCH })).cpuUs;
    }
    if (round > 0) for (const [t, used1] of used.entries()) push(results[t]!, IN_PROCESS, used1 / N);
  }
  const { loadavg } = await import("node:os");
  process.stdout.write(
    `server CPU µs per request, ${N} sequential requests per kind × ${ROUNDS} rounds, trees in turns of ${BATCH} (min, median of the rounds), load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}\n`,
  );
  process.stdout.write(`  ${"".padEnd(50)} ${trees.map((t) => t.slice(-16).padStart(22)).join("")}\n`);
  for (const name of results[0]!.keys()) {
    const cells = results.map((byKind) => {
      const sorted = [...(byKind.get(name) ?? [])].sort((a, b) => a - b);
      return `${(sorted[0] ?? 0).toFixed(0).padStart(11)} ${(sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(0).padStart(10)}`;
    });
    process.stdout.write(`  ${name.padEnd(50)} ${cells.join("")}\n`);
  }
  for (const server of servers) server.close();
}

function push(byKind: Map<string, number[]>, name: string, value: number) {
  byKind.set(name, [...(byKind.get(name) ?? []), value]);
}

interface Server {
  token: string;
  send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<void>;
  ask(m: object): Promise<{ cpuUs: number }>;
  close(): void;
}

/** The server of one working tree (its own bench/http-cpu.ts, so its own code) in a child process. */
async function startServerOf(tree: string): Promise<Server> {
  const child = fork(path.join(tree, "bench/http-cpu.ts"), ["--server"], {
    cwd: tree,
    // HTTP_CPU_PROF=<dir>: the server writes a CPU profile of the whole run there when it exits.
    execArgv: [
      "--import",
      "tsx",
      ...(process.env.HTTP_CPU_PROF ? ["--cpu-prof", "--cpu-prof-dir", process.env.HTTP_CPU_PROF] : []),
    ],
    env: { ...process.env, LOG_LEVEL: "silent" },
  });
  const replies: ((r: Reply) => void)[] = [];
  child.on("message", (m: Reply) => replies.shift()?.(m));
  const next = () => new Promise<Reply>((resolve) => replies.push(resolve));
  const { url, token } = (await next()) as Ready;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return {
    token,
    send: (method, requestPath, headers, body) =>
      new Promise<void>((resolve, reject) => {
        const req = request(`${url}${requestPath}`, { method, headers, agent }, (res) => {
          res.on("data", () => {});
          res.on("end", resolve);
        });
        req.on("error", reject);
        req.end(body);
      }),
    ask(m) {
      const reply = next();
      child.send(m);
      return reply as Promise<{ cpuUs: number }>;
    },
    close() {
      child.send({ kind: "close" });
      agent.destroy();
    },
  };
}
