import { existsSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { fileURLToPath } from "node:url";

/**
 * Summarises a V8 .cpuprofile (node --cpu-prof, or the chat bench's BENCH_CPU_PROF): self time by where the code
 * lives, by function, by the library that caused it (Node's own work — sockets, web streams, fetch — charged to
 * the nearest caller outside Node), and the inclusive time of our functions. Frames of a bundle with a linked
 * source map (the bench's BENCH_BUNDLE server) are mapped back to their source files. The inspector's own work
 * of stopping the profile is left out. `TURNS=<n>` adds per-turn figures.
 * `node --import tsx bench/profile-summary.ts <file>`.
 */
interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface Node {
  id: number;
  callFrame: Frame;
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const profile = JSON.parse(readFileSync(process.argv[2] as string, "utf8")) as Profile;
const turns = Number(process.env.TURNS ?? 0);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const maps = new Map<string, SourceMap | null>();
/** The source position of a bundled frame, when the bundle has a source map next to it. */
function original(frame: Frame): { url: string; line: number } {
  if (!frame.url.startsWith("file:") || !frame.url.includes("/.cache/"))
    return { url: frame.url, line: frame.lineNumber };
  let map = maps.get(frame.url);
  if (map === undefined) {
    const file = `${fileURLToPath(frame.url)}.map`;
    map = existsSync(file) ? new SourceMap(JSON.parse(readFileSync(file, "utf8"))) : null;
    maps.set(frame.url, map);
  }
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber) as
    | { originalSource?: string; originalLine?: number }
    | undefined;
  if (!entry?.originalSource) return { url: frame.url, line: frame.lineNumber };
  return { url: entry.originalSource, line: entry.originalLine ?? 0 };
}

function area(url: string, name: string) {
  if (name === "(idle)") return "idle";
  if (name === "(garbage collector)") return "garbage collection";
  if (name === "(program)") return "V8/native (program)";
  if (url.includes("@electric-sql/pglite") || url.startsWith("wasm://")) return "PGlite (WASM PostgreSQL)";
  if (url.includes("drizzle-orm")) return "drizzle-orm";
  if (url.includes("/node_modules/pg")) return "node-postgres";
  if (url.includes("/node_modules/ai/") || url.includes("@ai-sdk")) return "AI SDK";
  if (url.includes("hono")) return "Hono";
  if (url.includes("argon2")) return "argon2";
  if (url.includes("/node_modules/")) return `other deps (${url.split("/node_modules/")[1]?.split("/")[0]})`;
  if (url.startsWith("node:") || url === "" || !url.includes("/")) return "Node core / native";
  return `our code (${url.replace(/^.*\/(main|pc)\//, "")})`;
}

interface Located {
  area: string;
  fn: string;
  ours: boolean;
}
const located = new Map<number, Located>();
function locate(id: number): Located {
  let l = located.get(id);
  if (l) return l;
  const n = byId.get(id) as Node;
  const { url, line } = original(n.callFrame);
  const a = area(url, n.callFrame.functionName);
  const short = url.replace(/^.*\/(node_modules\/)?/, "");
  l = {
    area: a,
    fn: `${n.callFrame.functionName || "(anonymous)"} ${short}:${line + 1}`,
    ours: a.startsWith("our code"),
  };
  located.set(id, l);
  return l;
}

/** The profiler's own stop (inspector dispatch) is not the server's work. */
function isInspector(id: number) {
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
    if (byId.get(at)?.callFrame.url === "node:inspector") return true;
  return false;
}

const self = new Map<number, number>();
for (const [i, id] of profile.samples.entries()) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
let inspector = 0;
for (const [id, us] of self)
  if (isInspector(id)) {
    inspector += us;
    self.delete(id);
  }
const add = (m: Map<string, number>, k: string, us: number) => m.set(k, (m.get(k) ?? 0) + us);

const byArea = new Map<string, number>();
const byFunction = new Map<string, number>();
const byCause = new Map<string, number>();
const inclusive = new Map<string, number>();
let busy = 0;
for (const [id, us] of self) {
  const l = locate(id);
  add(byArea, l.area, us);
  add(byFunction, l.fn, us);
  if (l.area !== "idle") busy += us;
  // Node's own work is charged to whoever asked for it: the nearest frame outside Node core.
  let cause = l.area;
  if (cause === "Node core / native")
    for (let at = parent.get(id); at !== undefined; at = parent.get(at)) {
      const a = locate(at).area;
      if (a !== "Node core / native") {
        cause = `${a} (via Node)`;
        break;
      }
    }
  add(byCause, cause, us);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const o = locate(at);
    if (!o.ours || seen.has(o.fn)) continue;
    seen.add(o.fn);
    add(inclusive, o.fn, us);
  }
}
const perTurn = (us: number) => (turns ? `${(us / 1000 / turns).toFixed(2).padStart(7)} ms/turn ` : "");
const top = (m: Map<string, number>, n: number) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(
      ([k, us]) =>
        `${(us / 1000).toFixed(0).padStart(7)} ms ${((us / busy) * 100).toFixed(1).padStart(5)} % ${perTurn(us)} ${k}`,
    );
console.log(
  `profile ${process.argv[2]}: ${(busy / 1000).toFixed(0)} ms busy (percentages of it)${turns ? ` over ${turns} turns` : ""}, ` +
    `${(inspector / 1000).toFixed(0)} ms of profiler stop left out`,
);
console.log("\nself time by area");
console.log(top(byArea, 20).join("\n"));
console.log("\nself time by cause (Node's own work charged to the nearest caller outside Node)");
console.log(top(byCause, 20).join("\n"));
console.log("\nself time by function (top 40)");
console.log(top(byFunction, 40).join("\n"));
console.log("\ninclusive time of our functions (top 40)");
console.log(top(inclusive, 40).join("\n"));
