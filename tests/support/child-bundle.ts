/**
 * The servers that tests start in a process of their own (tests/support/serve-child.ts, and server/worker.ts for the
 * two-process test) as one esbuild bundle per run, built the way `npm run build` bundles the server (our code
 * inlined, packages left in node_modules, `import.meta.url` of server files kept pointing at their source). A child
 * then loads plain JavaScript instead of transpiling the server's ~300 files through tsx on every start: 2.5–3.0
 * instead of 4.8–5.1 CPU-s to `listening` (three starts each, loaded 2-core machine).
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { keepSourceUrl, serverBundle } from "../../scripts/build.mjs";

/** Where global setup put this run's bundle; its children inherit the variable. */
export const CHILD_BUNDLE_ENV = "TEST_CHILD_BUNDLE";

const entries = { "serve-child": "tests/support/serve-child.ts", worker: "server/worker.ts" };

/**
 * Bundles the entries into a directory of its own under node_modules/.cache (inside the project, so the packages
 * the bundle imports resolve; one per run, since other runs in the same checkout may bundle at the same time).
 */
export async function bundleChildServers(root: string) {
  const outdir = path.join(root, "node_modules", ".cache", "test-children", randomBytes(6).toString("hex"));
  await build({
    absWorkingDir: root,
    entryPoints: entries,
    outdir,
    ...serverBundle,
    packages: "external",
    plugins: [keepSourceUrl],
  });
  return outdir;
}

/** Node's arguments to start an entry: from this run's bundle when there is one, else through tsx (benchmarks). */
export function childArgs(entry: keyof typeof entries) {
  const dir = process.env[CHILD_BUNDLE_ENV];
  const bundled = dir && path.join(dir, `${entry}.js`);
  return bundled && existsSync(bundled) ? [bundled] : ["--import", "tsx", entries[entry]];
}
