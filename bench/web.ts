import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { createRequestHandler, type ServerBuild } from "react-router";
import { loadConfig } from "#server/config";
import { agents, plugins, publishApplies, publishedItems, users } from "#server/db/schema";
import { createHttpApp } from "#server/http";
import { openPlatform } from "#server/platform";
import { webLoadContext } from "#server/web-context";
import { machine } from "./chat-procs";
import { ms, percentile, table } from "./lib";
import { routeContributors } from "./web-bundle";

/**
 * Web: server render time of the list pages with 1000 items each (agents, library components, square, users,
 * audit queue; p50/p95 over 50 requests, in-process, production React), and the client JavaScript each route's
 * first load fetches (gzip; chunks loaded later by `import()` are not counted). Needs the web build
 * (`npm run build`, or `react-router build`; with BUNDLE_STATS=1 it also names the chat route's largest modules).
 * WEB_BENCH_SAVE=<file> keeps the figures as JSON; WEB_BENCH_BEFORE=<file> prints them next to such a run;
 * WEB_BENCH_ONLY=<path> renders that one page (e.g. under `NODE_ENV=production node --cpu-prof …`);
 * WEB_BENCH_HTML=<dir> keeps each page's HTML there. WEB_BENCH_CALLS=1 also prints, per page, each in-process
 * API call's p50 and the part of a render spent outside them (route matching, React, the data in the HTML); the
 * timing copies each answer once, so renders measured with it are a little slower.
 * WEB_BENCH_PROF=<file> writes a CPU profile of the renders only (not the start-up and seeding before them), to read
 * with bench/profile-summary.ts. WEB_BENCH_REVERSE=1 renders the pages in the opposite order (智能体开发 last): the
 * first page measured also pays for warming up the code all pages share, and this shows how much of a page's cold
 * figure is that share rather than its own.
 */
const ITEMS = 1000;
/** WEB_BENCH_REQUESTS raises it for a profile of one page (WEB_BENCH_ONLY), so the renders outweigh the seeding. */
const REQUESTS = Number(process.env.WEB_BENCH_REQUESTS) || 50;
/**
 * WEB_BENCH_WARMUP=<n> renders every measured page n times before any is measured: without it the first page
 * (智能体开发) also pays for compiling the code all pages share (React, the router, the API), and every page's
 * p50 of 50 includes renders made before V8 optimised that code. Off by default, so figures stay comparable.
 */
const WARMUP = Number(process.env.WEB_BENCH_WARMUP) || 0;
const runsOf = () => `${REQUESTS} requests${WARMUP ? ` after ${WARMUP} unmeasured renders of each page` : ""}`;

const LIST_PAGES = [
  ["/space/1/develop", "routes/space-develop"],
  ["/space/1/library", "routes/space-library"],
  ["/square", "routes/square"],
  ["/system/user/manage", "routes/system-user-manage"],
  ["/system/publish/audit", "routes/system-publish-audit"],
] as const;

const JS_ONLY = [
  ["/space/:spaceId/agent/:agentId (editor)", "routes/agent-editor"],
  ["/home/chat/:id", "routes/chat"],
  ["/login", "routes/login"],
] as const;

interface Figures {
  machine: string;
  /** cpu: the process's CPU time (user + system) per render, steadier than wall time on a shared machine. */
  pages: Record<string, { status?: number; p50?: number; p95?: number; cpu?: number; js: number }>;
}

const gzipSize = (file: string) => gzipSync(readFileSync(file)).length;

/** The files a route's first load fetches: the entry, and each route module up to the root with its static imports. */
export function routeFiles(build: ServerBuild, routeId: string) {
  const entry = build.assets.entry;
  const files = new Set<string>([entry.module, ...entry.imports]);
  for (let id: string | undefined = routeId; id; id = build.assets.routes[id]?.parentId) {
    const route = build.assets.routes[id];
    if (!route) break;
    files.add(route.module);
    for (const f of route.imports ?? []) files.add(f);
  }
  return [...files];
}

function routeJs(build: ServerBuild, routeId: string) {
  let total = 0;
  for (const f of routeFiles(build, routeId)) {
    const file = path.join("build/client", f);
    if (statSync(file, { throwIfNoEntry: false })) total += gzipSize(file);
  }
  return total;
}

/** The product as the web benches run it: production mode on an in-memory PGlite, seeded, logging off. */
export async function openBenchPlatform() {
  const config = loadConfig({
    NODE_ENV: "production",
    DATA_DIR: "memory://",
    LOG_LEVEL: "silent",
    ADMIN_PASSWORD: "Admin#Pass2026",
  });
  return { config, ...(await openPlatform(config)) };
}

/** The seeded admin's session token, signed in through the in-process API. */
export async function adminToken(api: ReturnType<typeof createHttpApp>["api"]) {
  const login = await api.request("/api/user/passwordLogin", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ phoneOrEmail: "admin", password: "Admin#Pass2026" }),
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

export async function seed(db: Awaited<ReturnType<typeof openPlatform>>["deps"]["db"]) {
  const now = new Date();
  const inBatches = async <T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) => {
    for (let i = 0; i < rows.length; i += 200) await insert(rows.slice(i, i + 200));
  };
  const n = Array.from({ length: ITEMS }, (_, i) => i);
  const owned = { tenantId: 1, spaceId: 1, creatorId: 1, created: now, modified: now };
  await inBatches(
    n.map((i) => ({
      ...owned,
      uid: `bench${i}`,
      name: `基准智能体 ${i}`,
      description: "用于测量列表渲染时间的智能体",
    })),
    (b) => db.insert(agents).values(b),
  );
  await inBatches(
    n.map((i) => ({
      ...owned,
      name: `基准插件 ${i}`,
      description: "用于测量组件库渲染时间的插件",
      type: "HTTP" as const,
      config: { url: "https://example.com/api", method: "GET" },
    })),
    (b) => db.insert(plugins).values(b as (typeof plugins.$inferInsert)[]),
  );
  await inBatches(
    n.map((i) => ({ tenantId: 1, uid: `benchuser${i}`, userName: `bench${i}`, nickName: `基准用户 ${i}` })),
    (b) => db.insert(users).values(b),
  );
  const common = {
    tenantId: 1,
    spaceId: 1,
    targetType: "Agent" as const,
    name: "广场智能体",
    description: "基准",
    config: { name: "x", components: [] },
    scope: "Tenant" as const,
  };
  await inBatches(
    n.map((i) => ({ ...common, applyUserId: 1, targetId: i + 1 })),
    (b) => db.insert(publishApplies).values(b),
  );
  await inBatches(
    n.map((i) => ({ ...common, userId: 1, targetId: i + 1 })),
    (b) => db.insert(publishedItems).values(b),
  );
}

function sideBySide(after: Figures, before: Figures | null) {
  const kb = (bytes?: number) => (bytes === undefined ? "—" : `${(bytes / 1024).toFixed(1)} KB`);
  const cell = (value?: number) => (value === undefined ? "" : ms(value));
  const pages = Object.entries(after.pages);
  if (!before) {
    table(
      `Web (${ITEMS} items each; ${runsOf()}; in-process, PGlite; ${after.machine})`,
      ["page", "status", "render p50", "render p95", "CPU/render", "client JS (gzip)"],
      pages.map(([page, a]) => [page, a.status ?? "", cell(a.p50), cell(a.p95), cell(a.cpu), kb(a.js)]),
    );
    return;
  }
  table(
    `Web, before → after (${ITEMS} items each; ${runsOf()}; in-process, PGlite)\nbefore: ${before.machine}\nafter:  ${after.machine}`,
    [
      "page",
      "status",
      "p50 before",
      "p50 after",
      "p95 before",
      "p95 after",
      "CPU before",
      "CPU after",
      "JS before",
      "JS after",
    ],
    pages.map(([page, a]) => {
      const b = before.pages[page];
      return [
        page,
        a.status ?? "",
        cell(b?.p50),
        cell(a.p50),
        cell(b?.p95),
        cell(a.p95),
        cell(b?.cpu),
        cell(a.cpu),
        kb(b?.js),
        kb(a.js),
      ];
    }),
  );
}

/**
 * The in-process API calls of each render (WEB_BENCH_CALLS): how long each took, and how much of the render
 * was spent while none was running (the web layer's own work).
 */
class CallTimes {
  private spans: { path: string; start: number; end: number }[] = [];
  private byPath = new Map<string, number[]>();
  private outside: number[] = [];
  private counts: number[] = [];

  timed(apiFetch: (request: Request) => Promise<Response>) {
    return async (request: Request) => {
      const start = performance.now();
      const res = await apiFetch(request);
      // A call ends when its body has been read: read here and handed on whole.
      const text = await res.text();
      const { pathname } = new URL(request.url);
      this.spans.push({ path: `${request.method} ${pathname}`, start, end: performance.now() });
      return new Response(text, { status: res.status, headers: res.headers });
    };
  }

  endRender(total: number) {
    const sorted = [...this.spans].sort((a, b) => a.start - b.start);
    let covered = 0;
    let reach = Number.NEGATIVE_INFINITY;
    for (const s of sorted) {
      if (s.end <= reach) continue;
      covered += s.end - Math.max(s.start, reach);
      reach = s.end;
    }
    for (const s of this.spans) {
      const list = this.byPath.get(s.path) ?? [];
      list.push(s.end - s.start);
      this.byPath.set(s.path, list);
    }
    this.outside.push(total - covered);
    this.counts.push(this.spans.length);
    this.spans = [];
  }

  clear() {
    this.spans = [];
    this.byPath.clear();
    this.outside = [];
    this.counts = [];
  }

  print(url: string) {
    table(
      `In-process API calls of ${url} (p50 over ${this.outside.length} renders; ${percentile(this.counts, 50)} calls each)`,
      ["call", "calls", "p50"],
      [
        ...[...this.byPath].map(([call, times]) => [call, times.length, ms(percentile(times, 50))]),
        ["outside the calls (per render)", this.outside.length, ms(percentile(this.outside, 50))],
      ],
    );
  }
}

export async function benchWeb() {
  // The production build renders with production React (development React is several times slower), and React
  // picks its build when first imported — by run.ts's other benches already: so the bench runs in a child process
  // that has NODE_ENV=production from its start.
  if (process.env.NODE_ENV !== "production") {
    const child = spawnSync(process.execPath, ["--import", "tsx", "bench/run.ts", "web"], {
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (child.status !== 0) throw new Error(`bench web exited with ${child.status}`);
    return;
  }
  const build = (await import(path.resolve("build/server/index.js"))) as ServerBuild;
  const { config, deps, database } = await openBenchPlatform();
  const handler = createRequestHandler(build, "production");
  const loadContext = webLoadContext(config);
  const calls = process.env.WEB_BENCH_CALLS ? new CallTimes() : null;
  const { app, api } = createHttpApp(deps, database, {
    handler: (request, apiFetch) => handler(request, loadContext(request, calls?.timed(apiFetch) ?? apiFetch)),
  });
  const figures: Figures = { machine: "", pages: {} };
  try {
    const token = await adminToken(api);
    await seed(deps.db);
    const only = process.env.WEB_BENCH_ONLY;
    const htmlDir = process.env.WEB_BENCH_HTML;
    const measured = LIST_PAGES.filter(([url]) => !only || url === only);
    if (process.env.WEB_BENCH_REVERSE) measured.reverse();
    for (let i = 0; i < WARMUP; i++) {
      for (const [url] of measured) await (await app.request(url, { headers: { cookie: `ticket=${token}` } })).text();
    }
    const profile = process.env.WEB_BENCH_PROF ? new Session() : null;
    if (profile) {
      profile.connect();
      await profile.post("Profiler.enable");
      await profile.post("Profiler.start");
    }
    for (const [url, routeId] of measured) {
      const times: number[] = [];
      let status = 0;
      const cpuBefore = process.cpuUsage();
      calls?.clear();
      for (let i = 0; i < REQUESTS; i++) {
        const started = performance.now();
        const res = await app.request(url, { headers: { cookie: `ticket=${token}` } });
        const html = await res.text();
        status = res.status;
        if (htmlDir && i === 0) writeFileSync(path.join(htmlDir, `${url.replaceAll("/", "_")}.html`), html);
        times.push(performance.now() - started);
        calls?.endRender(performance.now() - started);
      }
      calls?.print(url);
      const cpu = process.cpuUsage(cpuBefore);
      figures.pages[url] = {
        status,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        cpu: (cpu.user + cpu.system) / 1000 / REQUESTS,
        js: routeJs(build, routeId),
      };
    }
    if (profile) {
      const { profile: taken } = await profile.post("Profiler.stop");
      writeFileSync(process.env.WEB_BENCH_PROF as string, JSON.stringify(taken));
      profile.disconnect();
    }
    for (const [url, routeId] of JS_ONLY) figures.pages[url] = { js: routeJs(build, routeId) };
    figures.machine = machine();
  } finally {
    await database.close();
  }
  const beforeFile = process.env.WEB_BENCH_BEFORE;
  const before = beforeFile ? (JSON.parse(readFileSync(beforeFile, "utf8")) as Figures) : null;
  sideBySide(figures, before);
  if (existsSync("build/bundle-stats.json")) routeContributors(routeFiles(build, "routes/chat"), "/home/chat/:id");
  if (process.env.WEB_BENCH_SAVE) writeFileSync(process.env.WEB_BENCH_SAVE, JSON.stringify(figures, null, 2));
}
