import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { keepSourceUrl, serverBundle } from "../scripts/build.mjs";

/**
 * The chat bench's server as one esbuild bundle, built the way `npm run build` bundles server/main.ts (our code
 * inlined, packages left in node_modules, `import.meta.url` of server files kept pointing at their source), so
 * its CPU time and profile are those of plain JavaScript as `npm start` runs it, not of tsx's loader.
 * BENCH_BUNDLE=1 makes bench/chat-procs.ts start this bundle instead of chat-server.ts through tsx.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Bundles bench/chat-server.ts into `outdir` and returns the file to run with plain `node`. */
export async function bundleChatServer(outdir: string) {
  await build({
    absWorkingDir: ROOT,
    entryPoints: { "chat-server": "bench/chat-server.ts" },
    outdir,
    ...serverBundle,
    packages: "external",
    plugins: [keepSourceUrl],
  });
  return path.join(outdir, "chat-server.js");
}
