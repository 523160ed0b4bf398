/**
 * Vitest's file order: the longest files first, so the run does not end with one long file on one worker while the
 * other has nothing left. Vitest's own order uses the durations of the last run on this machine, and a clean clone
 * (CI) has none: it falls back to file size, which put the 18 s sandbox test near the end. Here a file's duration
 * comes from that cache when there is one, else from tests/support/durations.json (a run's figures, refreshed by
 * `node .ci/durations.mjs`), else it counts as short.
 * The unit files (isolated, a new process each) go before the API files: they need no database, so they run while
 * tests/support/seed.ts makes the seeded copies, and an API worker keeps its imported modules only while the next
 * file in the queue is an API file too.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const root = this.ctx.config.root;
    const recorded: Record<string, number> = JSON.parse(
      readFileSync(path.join(root, "tests", "support", "durations.json"), "utf8"),
    );
    const ms = (spec: TestSpecification) => {
      const file = path.relative(root, spec.moduleId);
      return this.ctx.cache.getFileTestResults(`${spec.project.name}:${file}`)?.duration ?? recorded[file] ?? 0;
    };
    const order = new Map(files.map((spec) => [spec, ms(spec)]));
    const shared = (spec: TestSpecification) => (spec.project.config.isolate ? 0 : 1);
    return [...files].sort((a, b) => shared(a) - shared(b) || order.get(b)! - order.get(a)!);
  }
}
