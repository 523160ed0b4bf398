/**
 * Vitest's file order: the longest files first, so the run does not end with one long file on one worker while the
 * other has nothing left. Vitest's own order uses the durations of the last run on this machine, and a clean clone
 * (CI) has none: it falls back to file size, which put the 18 s sandbox test near the end. Here a file's duration
 * comes from that cache when there is one, else from tests/support/durations.json (a run's figures, refreshed by
 * `node .ci/durations.mjs`), else it counts as short.
 * Files stay together by project, in the config's order (unit files first): they need no database, so they run
 * while tests/support/seed.ts makes the seeded copies. A worker keeps its imported modules only while the next file
 * in the queue belongs to the same project (Vitest ends it otherwise), so mixing the projects would start workers
 * afresh all along the run.
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
    const project = (spec: TestSpecification) => this.ctx.projects.indexOf(spec.project);
    return [...files].sort((a, b) => project(a) - project(b) || order.get(b)! - order.get(a)!);
  }
}
