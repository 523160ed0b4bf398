import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { createRequestHandler, type ServerBuild } from "react-router";
import { loadConfig } from "#server/config";
import { agents, publishApplies, publishedItems } from "#server/db/schema";
import { createHttpApp } from "#server/http";
import { openPlatform } from "#server/platform";
import { webLoadContext } from "#server/web-context";
import { ms, percentile, table } from "./lib";

/**
 * Web: server render time of the agent list, the square and the audit queue with 1000 items each
 * (p50/p95 over 50 requests, in-process), and client JavaScript shipped per route (gzip). Needs `npm run build`.
 */
const ITEMS = 1000;
const REQUESTS = 50;

function gzipSize(file: string) {
  return gzipSync(readFileSync(file)).length;
}

function routeJs(build: ServerBuild, routeId: string) {
  const client = path.resolve("build/client");
  const entry = build.assets.entry;
  const files = new Set<string>([entry.module, ...entry.imports]);
  for (let id: string | undefined = routeId; id; id = build.assets.routes[id]?.parentId) {
    const route = build.assets.routes[id];
    if (!route) break;
    files.add(route.module);
    for (const f of route.imports ?? []) files.add(f);
  }
  let total = 0;
  for (const f of files) {
    const file = path.join(client, f);
    if (statSync(file, { throwIfNoEntry: false })) total += gzipSize(file);
  }
  return total;
}

export async function benchWeb() {
  // The production build renders with production React (development React is several times slower).
  process.env.NODE_ENV = "production";
  const build = (await import(path.resolve("build/server/index.js"))) as ServerBuild;
  const config = loadConfig({
    NODE_ENV: "production",
    DATA_DIR: "memory://",
    LOG_LEVEL: "silent",
    ADMIN_PASSWORD: "Admin#Pass2026",
  });
  const { deps, database } = await openPlatform(config);
  const handler = createRequestHandler(build, "production");
  const loadContext = webLoadContext(config);
  const { app, api } = createHttpApp(deps, database, {
    handler: (request, apiFetch) => handler(request, loadContext(request, apiFetch)),
  });
  try {
    const login = await api.request("/api/user/passwordLogin", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ phoneOrEmail: "admin", password: "Admin#Pass2026" }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const now = new Date();
    const agentRows = Array.from({ length: ITEMS }, (_, i) => ({
      uid: `bench${i}`,
      tenantId: 1,
      spaceId: 1,
      creatorId: 1,
      name: `基准智能体 ${i}`,
      description: "用于测量列表渲染时间的智能体",
      created: now,
      modified: now,
    }));
    for (let i = 0; i < agentRows.length; i += 200) await deps.db.insert(agents).values(agentRows.slice(i, i + 200));
    const snapshot = { name: "x", components: [] };
    const common = {
      tenantId: 1,
      spaceId: 1,
      targetType: "Agent" as const,
      name: "广场智能体",
      description: "基准",
      config: snapshot,
      scope: "Tenant" as const,
    };
    const applies = Array.from({ length: ITEMS }, (_, i) => ({ ...common, applyUserId: 1, targetId: i + 1 }));
    const published = Array.from({ length: ITEMS }, (_, i) => ({ ...common, userId: 1, targetId: i + 1 }));
    for (let i = 0; i < ITEMS; i += 200) {
      await deps.db.insert(publishApplies).values(applies.slice(i, i + 200));
      await deps.db.insert(publishedItems).values(published.slice(i, i + 200));
    }
    const pages = [
      ["/space/1/develop", "routes/space-develop"],
      ["/square", "routes/square"],
      ["/system/publish/audit", "routes/system-publish-audit"],
    ] as const;
    const rows: (string | number)[][] = [];
    for (const [url, routeId] of pages) {
      const times: number[] = [];
      let status = 0;
      for (let i = 0; i < REQUESTS; i++) {
        const started = performance.now();
        const res = await app.request(url, { headers: { cookie: `ticket=${token}` } });
        await res.text();
        status = res.status;
        times.push(performance.now() - started);
      }
      rows.push([
        url,
        status,
        ms(percentile(times, 50)),
        ms(percentile(times, 95)),
        `${(routeJs(build, routeId) / 1024).toFixed(1)} KB`,
      ]);
    }
    for (const [url, routeId] of [
      ["/space/:spaceId/agent/:agentId (editor)", "routes/agent-editor"],
      ["/home/chat/:id", "routes/chat"],
      ["/login", "routes/login"],
    ] as const) {
      rows.push([url, "", "", "", `${(routeJs(build, routeId) / 1024).toFixed(1)} KB`]);
    }
    table(
      `Web (${ITEMS} items each; ${REQUESTS} requests; in-process, PGlite)`,
      ["page", "status", "render p50", "render p95", "client JS (gzip)"],
      rows,
    );
  } finally {
    await database.close();
  }
}
