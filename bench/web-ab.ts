import { createRequestHandler, type ServerBuild } from "react-router";
import { createHttpApp } from "#server/http";
import { webLoadContext } from "#server/web-context";
import { machine } from "./chat-procs";
import { ms, percentile, table } from "./lib";
import { adminToken, openBenchPlatform, seed } from "./web";

/**
 * Two web builds (e.g. two clones, before and after a change) rendering the same list pages in one process, on one
 * database, requests alternating A B B A …: on a shared machine, load changes between two `bench web` runs moved
 * the figures more than the changes did. Both builds use the server code of this checkout.
 * `NODE_ENV=production WEB_AB="/tmp/a /tmp/b" node --import tsx bench/web-ab.ts`; WEB_AB_PAGES (comma-separated,
 * default /space/1/develop), WEB_AB_ROUNDS (200), WEB_AB_WARMUP (30 renders of each page by each build first).
 */
const [dirA, dirB] = (process.env.WEB_AB ?? "").split(" ");
if (!dirA || !dirB || process.env.NODE_ENV !== "production") {
  throw new Error('NODE_ENV=production WEB_AB="<clone A> <clone B>", each built (react-router build)');
}
const pages = (process.env.WEB_AB_PAGES ?? "/space/1/develop").split(",");
const rounds = Number(process.env.WEB_AB_ROUNDS) || 200;
const warmup = Number(process.env.WEB_AB_WARMUP ?? 30);

const { config, deps, database } = await openBenchPlatform();
const loadContext = webLoadContext(config);
const apps = await Promise.all(
  [dirA, dirB].map(async (dir) => {
    const build = (await import(`${dir}/build/server/index.js`)) as ServerBuild;
    const handler = createRequestHandler(build, "production");
    return createHttpApp(deps, database, { handler: (r, apiFetch) => handler(r, loadContext(r, apiFetch)) }).app;
  }),
);
const { api } = createHttpApp(deps, database);
const token = await adminToken(api);
await seed(deps.db);

async function render(side: number, url: string) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const res = await (apps[side] as (typeof apps)[number]).request(url, { headers: { cookie: `ticket=${token}` } });
  const html = await res.text();
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { wall, cpu: (used.user + used.system) / 1000, chars: html.length, status: res.status };
}

try {
  for (let i = 0; i < warmup; i++) for (const url of pages) for (const side of [0, 1]) await render(side, url);
  const rows: (string | number)[][] = [];
  for (const url of pages) {
    const sides = [0, 1].map(() => ({ wall: [] as number[], cpu: [] as number[], chars: 0, status: 0 }));
    for (let i = 0; i < rounds; i++) {
      for (const side of i % 2 ? [1, 0] : [0, 1]) {
        const r = await render(side, url);
        const s = sides[side] as (typeof sides)[number];
        s.wall.push(r.wall);
        s.cpu.push(r.cpu);
        s.chars = r.chars;
        s.status = r.status;
      }
    }
    sides.forEach((s, side) => {
      rows.push([url, side ? "B" : "A", s.status, ms(percentile(s.wall, 50)), ms(percentile(s.cpu, 50)), s.chars]);
    });
  }
  table(
    `Web A/B in one process (${rounds} renders each, alternating, after ${warmup} of each; in-process, PGlite; ${machine()})\nA: ${dirA}\nB: ${dirB}`,
    ["page", "build", "status", "render p50", "CPU p50", "HTML chars"],
    rows,
  );
} finally {
  await database.close();
}
process.exit(0);
