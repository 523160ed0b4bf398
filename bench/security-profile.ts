import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { table } from "./lib";

/** The parts of a V8 CPU profile (`node --cpu-prof`) read here. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a sampled function lives: an npm package, a Node internal, our own file, or V8's own buckets. */
function bucketOf(functionName: string, url: string) {
  if (["(idle)", "(program)", "(garbage collector)"].includes(functionName)) return functionName;
  const inModules = url.split("node_modules/")[1];
  if (inModules) {
    const parts = inModules.split("/");
    return inModules.startsWith("@") ? `${parts[0]}/${parts[1]}` : (parts[0] ?? url);
  }
  if (url.startsWith("node:")) return url.replace(/^node:internal\//, "node:");
  const own = /\/((?:server|bench|app|contract)\/.*)$/.exec(url);
  if (own) return own[1]!;
  return functionName ? `(native ${functionName.replace(/\[\d+\]$/, "")})` : "(other)";
}

/**
 * Self time of the server's CPU profile by package, file or native function: the largest buckets, printed
 * beside the latency figures so a run explains where the server's time went. Only with
 * BENCH_SERVER_ARGS="--cpu-prof --cpu-prof-dir=<dir>"; reads the main thread's profile of the server process
 * `pid` (V8 names it CPU.<date>.<time>.<pid>.0.<n>.cpuprofile; other threads, such as tsx's loader, are not 0).
 */
export function printProfileSummary(nodeArgs: string[], pid: number, top = 15) {
  const dirArg = nodeArgs.find((a) => a.startsWith("--cpu-prof-dir="));
  if (!nodeArgs.includes("--cpu-prof") || !dirArg) return;
  const dir = dirArg.slice("--cpu-prof-dir=".length);
  const name = readdirSync(dir).find((f) => f.includes(`.${pid}.0.`) && f.endsWith(".cpuprofile"));
  if (!name) return;
  const file = path.join(dir, name);
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const bucket = new Map(profile.nodes.map((n) => [n.id, bucketOf(n.callFrame.functionName, n.callFrame.url)]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    total += delta;
    const name = bucket.get(id) ?? "(other)";
    self.set(name, (self.get(name) ?? 0) + delta);
  });
  const rows = [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, us]) => [name, `${(us / 1000).toFixed(0)} ms`, `${((100 * us) / total).toFixed(1)} %`]);
  table(
    `Server CPU profile, self time by package/file (${(total / 1e6).toFixed(1)} s sampled, whole run; ${path.basename(file)})`,
    ["where", "self time", "share"],
    rows,
  );
}
