import type { Profiler } from "node:inspector";

/**
 * A timeline of one chat turn, read from a CPU profile of the process that served it (bench/chat-steps.ts with
 * TRACE=1): the profile's samples merged into stretches of the same work — idle (waiting: timers, I/O, the next
 * loop turn), garbage collection, our deepest function, the library below it — with the turn's marks (request
 * sent, headers, model asked, first token) and the SQL statements placed on the same clock. A wait shows as an
 * idle stretch between two marks, CPU as named stretches.
 */

/** A point on the monotonic clock the profile uses, in µs (`nowUs`). */
export interface Mark {
  at: number;
  label: string;
}

/** The profiler's clock (monotonic, µs): V8's timestamps and libuv's hrtime both read CLOCK_MONOTONIC on Linux. */
export const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/** Stretches shorter than this are folded into their neighbours' line. */
const SHORT_US = 250;

function labeller(profile: Profiler.Profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const cache = new Map<number, string>();
  const where = (url: string) => {
    if (url.includes("@electric-sql/pglite") || url.startsWith("wasm://")) return "PGlite";
    const dep = url.split("/node_modules/")[1]?.split("/");
    if (dep) return dep[0]?.startsWith("@") ? `${dep[0]}/${dep[1]}` : (dep[0] as string);
    if (url.startsWith("node:") || !url.includes("/")) return "node";
    return null;
  };
  return (id: number) => {
    const known = cache.get(id);
    if (known) return known;
    const leaf = byId.get(id)?.callFrame;
    let label: string;
    if (!leaf || ["(idle)", "(garbage collector)", "(program)"].includes(leaf.functionName))
      label = leaf?.functionName ?? "?";
    else {
      const below = where(leaf.url) ?? "our code";
      let ours = "";
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const f = byId.get(at)?.callFrame;
        if (f && where(f.url) === null && f.url.includes("/")) {
          ours = `${f.functionName || "(anonymous)"} ${f.url.replace(/^.*\/(server|bench|tests)\//, "$1/")}`;
          break;
        }
      }
      const lib = `${below} ${leaf.functionName || "(anonymous)"}`;
      label = ours ? (below === "our code" ? ours : `${lib} ← ${ours}`) : lib;
    }
    cache.set(id, label);
    return label;
  };
}

/** The profile's samples that overlap `from`..`to` (µs): each says what ran from `start` until it was taken at `end`. */
function* samplesBetween(profile: Profiler.Profile, from: number, to: number) {
  let t = profile.startTime;
  for (const [i, id] of profile.samples?.entries() ?? []) {
    const start = t;
    t += profile.timeDeltas?.[i] ?? 0;
    if (t >= from && start <= to) yield { id, start, end: t };
  }
}

/** Lines of the timeline between `from` and `to` (µs), times relative to `from`. */
export function timeline(profile: Profiler.Profile, from: number, to: number, marks: Mark[]) {
  const label = labeller(profile);
  const stretches: { start: number; end: number; label: string }[] = [];
  for (const { id, start, end } of samplesBetween(profile, from, to)) {
    const l = label(id);
    const last = stretches.at(-1);
    if (last && last.label === l) last.end = end;
    else stretches.push({ start: Math.max(start, from), end, label: l });
  }
  const rel = (us: number) => `${((us - from) / 1000).toFixed(2).padStart(7)} ms`;
  const lines: { at: number; text: string }[] = marks
    .filter((m) => m.at >= from && m.at <= to)
    .map((m) => ({ at: m.at, text: `${rel(m.at)}  ── ${m.label}` }));
  let folded: { start: number; end: number; labels: Map<string, number> } | null = null;
  const flush = () => {
    if (!folded) return;
    const top = [...folded.labels.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3);
    lines.push({
      at: folded.start,
      text: `${rel(folded.start)}  ${((folded.end - folded.start) / 1000).toFixed(2).padStart(6)} ms  short stretches: ${top.map(([l, us]) => `${l} ${(us / 1000).toFixed(2)}`).join("; ")}`,
    });
    folded = null;
  };
  for (const s of stretches) {
    const us = s.end - s.start;
    if (us < SHORT_US) {
      folded ??= { start: s.start, end: s.end, labels: new Map() };
      folded.end = s.end;
      folded.labels.set(s.label, (folded.labels.get(s.label) ?? 0) + us);
      continue;
    }
    flush();
    lines.push({ at: s.start, text: `${rel(s.start)}  ${(us / 1000).toFixed(2).padStart(6)} ms  ${s.label}` });
  }
  flush();
  return lines.sort((a, b) => a.at - b.at).map((l) => l.text);
}

/** Self time by label between `from` and `to` (µs), largest first. */
function breakdown(profile: Profiler.Profile, label: (id: number) => string, from: number, to: number) {
  const by = new Map<string, number>();
  for (const { id, start, end } of samplesBetween(profile, from, to)) {
    const l = label(id);
    by.set(l, (by.get(l) ?? 0) + (Math.min(end, to) - Math.max(start, from)));
  }
  return [...by.entries()].sort((a, b) => b[1] - a[1]);
}

/**
 * `node --import tsx bench/chat-trace.ts <profile>`: the event loop's stalls recorded beside a chat bench
 * profile (bench/chat-server.ts writes <profile>.stalls.json), longest first, each with what ran during it, and
 * what ran during all of them together.
 */
async function main(file: string) {
  const { readFileSync } = await import("node:fs");
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profiler.Profile;
  const stalls = JSON.parse(readFileSync(`${file}.stalls.json`, "utf8")) as { from: number; to: number }[];
  const label = labeller(profile);
  const fmt = (us: number) => `${(us / 1000).toFixed(1).padStart(7)} ms`;
  const total = stalls.reduce((sum, s) => sum + s.to - s.from, 0);
  console.log(`${stalls.length} stalls of the event loop, ${fmt(total)} in all`);
  for (const s of [...stalls].sort((a, b) => b.to - b.from - (a.to - a.from)).slice(0, 8)) {
    console.log(`\nstall of ${fmt(s.to - s.from)} at ${fmt(s.from - profile.startTime)} into the profile:`);
    for (const [l, us] of breakdown(profile, label, s.from, s.to).slice(0, 8)) console.log(`  ${fmt(us)}  ${l}`);
  }
  const all = new Map<string, number>();
  for (const s of stalls)
    for (const [l, us] of breakdown(profile, label, s.from, s.to)) all.set(l, (all.get(l) ?? 0) + us);
  console.log("\nduring all stalls:");
  for (const [l, us] of [...all.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${fmt(us)}  ${l}`);
}

if (process.argv[1]?.endsWith("chat-trace.ts") && process.argv[2]) await main(process.argv[2]);
