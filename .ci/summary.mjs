// Prints one closing line for the whole run: "N passed, N failed" over every suite.
import { existsSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of [".ci/out/vitest.json", ".ci/out/vitest-pg.json", ".ci/out/vitest-proxy.json"]) {
  if (!existsSync(file)) continue;
  const r = JSON.parse(readFileSync(file, "utf8"));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + r.numTodoTests;
}
if (existsSync(".ci/out/e2e.json")) {
  const r = JSON.parse(readFileSync(".ci/out/e2e.json", "utf8"));
  passed += r.stats.expected;
  failed += r.stats.unexpected;
  skipped += r.stats.skipped;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
