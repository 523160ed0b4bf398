// Refreshes tests/support/durations.json (the sequencer's longest-first order on a clean clone) from the last run's
// .ci/out/vitest.json and vitest-pg.json: milliseconds per test file (the longer of the two), rounded to 100 ms.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const durations = {};
for (const out of [".ci/out/vitest.json", ".ci/out/vitest-pg.json"]) {
  if (!existsSync(out)) continue;
  for (const r of JSON.parse(readFileSync(out, "utf8")).testResults) {
    const file = path.relative(process.cwd(), r.name);
    durations[file] = Math.max(durations[file] ?? 0, Math.round((r.endTime - r.startTime) / 100) * 100);
  }
}
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync("tests/support/durations.json", `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${Object.keys(sorted).length} files`);
