import { readFileSync } from "node:fs";

/**
 * Summarises a V8 .cpuprofile (node --cpu-prof): self time by function and by where the code lives, the
 * top entries only, as small text to keep beside the bench figures. `node --import tsx bench/profile-summary.ts <file>`.
 */
interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
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
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
for (const [i, id] of profile.samples.entries()) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
const total = (profile.endTime - profile.startTime) / 1000;

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
  if (url.startsWith("node:") || url === "") return "Node core / native";
  return `our code (${url.replace(/^.*\/main\//, "")})`;
}

const byArea = new Map<string, number>();
const byFunction = new Map<string, number>();
for (const [id, us] of self) {
  const n = byId.get(id);
  if (!n) continue;
  const { functionName, url, lineNumber } = n.callFrame;
  const a = area(url, functionName);
  byArea.set(a, (byArea.get(a) ?? 0) + us);
  const fn = `${functionName || "(anonymous)"} ${url.replace(/^.*\/(node_modules\/)?/, "")}:${lineNumber + 1}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
}
/** Inclusive time of our own functions (self plus callees), each counted once per stack. */
const inclusive = new Map<string, number>();
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
for (const [id, us] of self) {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const n = byId.get(at);
    if (!n || !area(n.callFrame.url, n.callFrame.functionName).startsWith("our code")) continue;
    const fn = `${n.callFrame.functionName || "(anonymous)"} ${n.callFrame.url.replace(/^.*\/main\//, "")}:${n.callFrame.lineNumber + 1}`;
    if (seen.has(fn)) continue;
    seen.add(fn);
    inclusive.set(fn, (inclusive.get(fn) ?? 0) + us);
  }
}
const top = (m: Map<string, number>, n: number) =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(
      ([k, us]) =>
        `${(us / 1000).toFixed(0).padStart(7)} ms ${((us / 1000 / total) * 100).toFixed(1).padStart(5)} %  ${k}`,
    );
console.log(`profile ${process.argv[2]}: ${total.toFixed(0)} ms sampled`);
console.log("\nself time by area");
console.log(top(byArea, 20).join("\n"));
console.log("\nself time by function (top 30)");
console.log(top(byFunction, 30).join("\n"));
console.log("\ninclusive time of our functions (top 30)");
console.log(top(inclusive, 30).join("\n"));
