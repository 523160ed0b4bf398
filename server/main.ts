import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { createRequestHandler, type ServerBuild } from "react-router";
import { type Config, loadConfigOrExit } from "./config";
import { createHttpApp, type WebHandler } from "./http";
import { openPlatform, startRecoverySweep } from "./platform";
import { endActiveTurns } from "./runtime/agent/run";
import { closeSandbox, configureSandbox, warmSandbox } from "./runtime/sandbox";
import { webLoadContext } from "./web-context";

const BUILD_DIR = path.resolve("build");

function webHandler(getBuild: () => Promise<ServerBuild>, mode: string, config: Config): WebHandler {
  const loadContext = webLoadContext(config);
  return async (request, apiFetch) => {
    const handler = createRequestHandler(await getBuild(), mode);
    return handler(request, loadContext(request, apiFetch));
  };
}

function productionAssets() {
  const assets = new Hono();
  const root = path.relative(process.cwd(), path.join(BUILD_DIR, "client"));
  assets.use(
    "/assets/*",
    serveStatic({ root, onFound: (_p, c) => c.header("Cache-Control", "public, max-age=31536000, immutable") }),
  );
  assets.use("*", serveStatic({ root }));
  return assets;
}

/**
 * The last lines of a start, in plain text: where to open the platform and, on the first start, the admin's
 * generated password and where to change it — after the JSON log, so nothing scrolls them away.
 */
function startBanner(config: Config, seeded: Awaited<ReturnType<typeof openPlatform>>["seeded"]) {
  const url = `http://localhost:${config.PORT}`;
  const lines = ["", `智能体平台已就绪：${url}`];
  if (seeded.seeded) {
    lines.push(
      seeded.password
        ? `管理员账号：admin    初始密码：${seeded.password}    （只显示这一次）`
        : "管理员账号：admin    密码：环境变量 ADMIN_PASSWORD 的值",
      `登录后请在「设置 → 重置密码」（${url}/account/password）中修改密码`,
    );
  }
  return `${lines.join("\n")}\n\n`;
}

async function main() {
  const config = loadConfigOrExit();
  const dev = config.NODE_ENV === "development";
  const started = performance.now();
  const { deps, database, seeded } = await openPlatform(config);
  const log = deps.log;
  const stopSweep = startRecoverySweep(deps, database);
  configureSandbox({
    jsPool: config.SANDBOX_JS_POOL,
    pyPool: config.SANDBOX_PY_POOL,
    memoryMb: config.SANDBOX_MEMORY_MB,
  });
  // Otherwise each language's pool starts at its first run (Pyodide takes seconds to load).
  if (config.SANDBOX_WARM) warmSandbox().catch((err) => log.error({ err }, "sandbox warm-up failed"));

  let listener: (req: IncomingMessage, res: ServerResponse) => void;
  let closeDev: (() => Promise<void>) | undefined;
  let afterListen = () => {};
  if (dev) {
    const { createServer: createVite } = await import("vite");
    const vite = await createVite({ server: { middlewareMode: true }, appType: "custom" });
    const build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    const { app } = createHttpApp(deps, database, { handler: webHandler(build, "development", config) });
    const honoListener = getRequestListener(app.fetch);
    listener = (req, res) => vite.middlewares(req, res, () => honoListener(req, res));
    closeDev = () => vite.close();
  } else {
    // React Router's server bundle (over a second of loading) is imported once the port is open: the API and the
    // readiness probe answer meanwhile, and the first page request waits for it.
    let serverBuild: Promise<ServerBuild> | undefined;
    const loadBuild = () => {
      // A failed import (the build replaced under a running server) is retried by the next page request.
      serverBuild ??= (import(path.join(BUILD_DIR, "server/index.js")) as Promise<ServerBuild>).catch((err) => {
        serverBuild = undefined;
        throw err;
      });
      return serverBuild;
    };
    afterListen = () => void loadBuild().catch((err) => log.error({ err }, "网页构建加载失败"));
    const { app } = createHttpApp(deps, database, {
      handler: webHandler(loadBuild, "production", config),
      assets: productionAssets(),
    });
    listener = getRequestListener(app.fetch);
  }

  const server = createServer(listener);
  server.listen(config.PORT, config.HOST, () => {
    const ms = Math.round(performance.now() - started);
    log.info(
      { port: config.PORT, host: config.HOST, database: database.kind, ms },
      `服务已启动：http://localhost:${config.PORT}`,
    );
    // After the log line above has reached stdout (pino writes asynchronously), so the banner really is last.
    if (config.LOG_LEVEL !== "silent") log.flush(() => process.stdout.write(startBanner(config, seeded)));
    afterListen();
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    server.close();
    server.closeIdleConnections();
    stopSweep();
    // Open answers end cleanly: partial text kept as interrupted, readers told why, before connections close.
    const ended = await endActiveTurns();
    if (ended) log.info({ ended }, "ended running answers");
    await closeDev?.();
    closeSandbox();
    await new Promise((r) => setTimeout(r, 200));
    server.closeAllConnections();
    await database.close();
    log.info("bye");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
