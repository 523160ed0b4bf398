import { readFileSync } from "node:fs";
import {
  closeSandbox,
  configureSandbox,
  type RunCodeRequest,
  runCode,
  sandboxProcesses,
  warmSandbox,
} from "#server/runtime/sandbox";
import { ms, percentile, table } from "./lib";

/**
 * The code sandbox, measured in this process (it plays the server): a trivial run in each language, cold (first
 * run of a fresh pool, process start and runtime load included) and warm (p50/p99 over RUNS sequential runs),
 * throughput with 8 runs in flight, and the resident memory of this process plus the pool's children when idle.
 * Printed figures, never pass/fail.
 */
const RUNS = Number(process.env.BENCH_SANDBOX_RUNS ?? 200);
const CONCURRENCY = 8;
const COLD_JS = 5;
const COLD_PY = 2;
const MB = 1024 ** 2;
const JS_POOL = 2;
const PY_POOL = 1;

const trivial: Record<RunCodeRequest["language"], string> = {
  JavaScript: "export default async function main(args) { return { sum: args.a + args.b } }",
  Python: "def main(args: dict) -> dict:\n    return {'sum': args['a'] + args['b']}",
};

async function once(language: RunCodeRequest["language"]) {
  const started = performance.now();
  const res = await runCode({ language, code: trivial[language], args: { a: 1, b: 2 }, timeoutMs: 10_000 });
  if (!res.success) throw new Error(`${language} run failed: ${res.error}`);
  return performance.now() - started;
}

function rss(pid: number) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return Number(m?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;

async function cold(language: RunCodeRequest["language"], times: number) {
  const values: number[] = [];
  for (let i = 0; i < times; i++) {
    closeSandbox();
    values.push(await once(language));
  }
  return values;
}

async function throughput(language: RunCodeRequest["language"]) {
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next++ < RUNS) await once(language);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return RUNS / ((performance.now() - started) / 1000);
}

export async function benchSandbox() {
  configureSandbox({ jsPool: JS_POOL, pyPool: PY_POOL, memoryMb: 128 });
  const serverIdle = rss(process.pid);
  const coldJs = await cold("JavaScript", COLD_JS);
  const coldPy = await cold("Python", COLD_PY);

  closeSandbox();
  await warmSandbox();
  const idleServer = rss(process.pid);
  const idleChildren = sandboxProcesses().map((p) => ({ ...p, rss: rss(p.pid) }));

  const warm: Record<string, number[]> = { JavaScript: [], Python: [] };
  for (const language of ["JavaScript", "Python"] as const) {
    for (let i = 0; i < RUNS; i++) warm[language]!.push(await once(language));
  }
  const tputJs = await throughput("JavaScript");
  const tputPy = await throughput("Python");
  closeSandbox();

  const row = (label: string, js: string, py: string) => [label, js, py];
  table(
    `Sandbox: trivial run (warm ×${RUNS}, pools JS ${JS_POOL} / Python ${PY_POOL}, 128 MB)`,
    ["", "JavaScript", "Python"],
    [
      row("cold first run p50", ms(percentile(coldJs, 50)), ms(percentile(coldPy, 50))),
      row(`cold first run max (of ${COLD_JS} / ${COLD_PY})`, ms(Math.max(...coldJs)), ms(Math.max(...coldPy))),
      row("warm p50", ms(percentile(warm.JavaScript!, 50)), ms(percentile(warm.Python!, 50))),
      row("warm p99", ms(percentile(warm.JavaScript!, 99)), ms(percentile(warm.Python!, 99))),
      row(`throughput, ${CONCURRENCY} in flight`, `${tputJs.toFixed(0)} runs/s`, `${tputPy.toFixed(0)} runs/s`),
    ],
  );
  table(
    "Sandbox: resident memory when idle",
    ["process", "RSS"],
    [
      ["server process, no pool yet", mb(serverIdle)],
      ["server process, pools warm", mb(idleServer)],
      ...idleChildren.map((c) => [`${c.language} child ${c.pid}`, mb(c.rss)]),
      ["total, pools warm", mb(idleServer + idleChildren.reduce((sum, c) => sum + c.rss, 0))],
    ],
  );
}
