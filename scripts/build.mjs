// `npm run build`: the web bundle (React Router + Vite), the server bundle (esbuild) and the database image,
// then the stamp `npm start` compares to skip all of it when nothing changed. Vite's own output is kept and shown
// only when it fails (or with --verbose): a first start should read as a few progress lines, not 190.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { currentBuild, inputsHash, writeStamp } from "./stamp.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const APP_OUT = path.join(ROOT, "build", "app");

const say = (line) => process.stdout.write(`${line}\n`);

const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);

/** One progress line when a step starts and ends, and one every 20 s while it runs: never a silent minute. */
async function step(label, fn) {
  const started = performance.now();
  say(`  ${label}…`);
  const ticker = setInterval(() => say(`  ${label}：仍在进行（${seconds(started)} 秒）`), 20_000);
  try {
    await fn();
  } finally {
    clearInterval(ticker);
  }
  say(`  ${label}：完成（${seconds(started)} 秒）`);
}

function run(args, verbose, cwd = ROOT) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, stdio: verbose ? "inherit" : "pipe" });
    const output = [];
    child.stdout?.on("data", (d) => output.push(d));
    child.stderr?.on("data", (d) => output.push(d));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code === 0) return resolve();
      process.stderr.write(Buffer.concat(output));
      reject(new Error(`${args.join(" ")} exited with ${code}`));
    });
  });
}

/**
 * Server files that locate siblings at run time (the migrations, the sandbox's child scripts) keep their own
 * `import.meta.url` inside the bundle, so those files are still found next to the source they belong to.
 */
/**
 * How the server is bundled (also by bench/chat-bundle.ts, so the bench profiles what `npm start` runs).
 * @type {import("esbuild").BuildOptions}
 */
export const serverBundle = {
  bundle: true,
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: "linked",
  logLevel: "error",
};

/** @type {import("esbuild").Plugin} */
export const keepSourceUrl = {
  name: "keep-source-url",
  setup(b) {
    b.onLoad({ filter: /\/(server|contract)\/.*\.ts$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      return {
        contents: source.replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href)),
        loader: "ts",
      };
    });
  },
};

/**
 * Packages stay external, but a start runs Node's own ES module resolution, which is stricter than tsx's: a
 * subpath without its extension in a package with no "exports" (`@node-rs/jieba/dict`) only resolves the
 * CommonJS way. Such imports are written out as the file they resolve to.
 */
const externalPackages = {
  name: "external-packages",
  setup(b) {
    const require = createRequire(path.join(ROOT, "package.json"));
    b.onResolve({ filter: /^[^./#]/ }, (args) => {
      if (args.path.startsWith("node:")) return { path: args.path, external: true };
      // import.meta.resolve answers with the URL it would load even when no such file exists.
      const url = import.meta.resolve(args.path);
      if (!url.startsWith("file:") || existsSync(fileURLToPath(url))) return { path: args.path, external: true };
      const file = require.resolve(args.path);
      return { path: path.relative(path.join(ROOT, "node_modules"), file), external: true };
    });
  },
};

/**
 * The server as one ES module, so a start loads plain JavaScript instead of transpiling ~300 files through tsx.
 * Packages stay in node_modules (several carry WebAssembly or native code and find it relative to themselves).
 */
export async function bundleServer() {
  // Loaded here, not at the top: a start whose build is current never needs it.
  const { build: esbuild } = await import("esbuild");
  await rm(APP_OUT, { recursive: true, force: true });
  await esbuild({
    absWorkingDir: ROOT,
    entryPoints: { main: "server/main.ts", "image-build": "server/db/image-build.ts" },
    outdir: APP_OUT,
    ...serverBundle,
    plugins: [externalPackages, keepSourceUrl],
  });
}

export async function build({ verbose = false } = {}) {
  const started = performance.now();
  const hash = await inputsHash(ROOT);
  // The package's "exports" hide bin.js from require.resolve; it sits where npm installed the package.
  const reactRouter = path.join(ROOT, "node_modules", "@react-router", "dev", "bin.js");
  say("正在构建（首次约需 1–2 分钟，之后源码不变时跳过）：");
  await step("网页（React Router / Vite）", () => run([reactRouter, "build"], verbose));
  await step("服务端（esbuild）", bundleServer);
  await step("数据库镜像（执行迁移）", () => run([path.join(APP_OUT, "image-build.js")], verbose));
  // The hash of the inputs as they were when the build began: an edit made meanwhile triggers the next build.
  await writeStamp(ROOT, hash);
  say(`构建完成（${seconds(started)} 秒）`);
}

/**
 * `npm start`: build only when the inputs changed since the last complete build. The build runs in a process of its
 * own, so the server this process goes on to run keeps none of it: esbuild's service process (which would otherwise
 * live as long as the server), the sources read for the hash, the heap both grew. Resolves to whether the build is
 * current; a failed build has said why. `root` and `command` (node's arguments) are the checkout and this build.
 */
export async function buildIfStale({ root = ROOT, command = [fileURLToPath(import.meta.url)] } = {}) {
  if (await currentBuild(root)) return true;
  return run(command, true, root).then(
    () => true,
    () => false,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  build({ verbose: process.argv.includes("--verbose") }).catch((err) => {
    console.error(`构建失败：${err.message}`);
    process.exit(1);
  });
}
