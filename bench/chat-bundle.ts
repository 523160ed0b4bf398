import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, type Plugin } from "esbuild";

/**
 * The chat bench's server as one esbuild bundle, built the way `npm run build` bundles server/main.ts (our code
 * inlined, packages left in node_modules, `import.meta.url` of server files kept pointing at their source), so
 * its CPU time and profile are those of plain JavaScript as `npm start` runs it, not of tsx's loader.
 * BENCH_BUNDLE=1 makes bench/chat-procs.ts start this bundle instead of chat-server.ts through tsx.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const keepSourceUrl: Plugin = {
  name: "keep-source-url",
  setup(b) {
    b.onLoad({ filter: /\/(server|contract)\/.*\.ts$/ }, async (args) => ({
      contents: (await readFile(args.path, "utf8")).replaceAll(
        "import.meta.url",
        JSON.stringify(pathToFileURL(args.path).href),
      ),
      loader: "ts",
    }));
  },
};

/** Bundles bench/chat-server.ts into `outdir` and returns the file to run with plain `node`. */
export async function bundleChatServer(outdir: string) {
  await build({
    absWorkingDir: ROOT,
    entryPoints: { "chat-server": "bench/chat-server.ts" },
    outdir,
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: "linked",
    packages: "external",
    logLevel: "error",
    plugins: [keepSourceUrl],
  });
  return path.join(outdir, "chat-server.js");
}
