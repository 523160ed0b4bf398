import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import type { ServerBuild } from "react-router";
import { type Config, loadConfigOrExit } from "./config";
import type { WebHandler } from "./http";
import { newLogger, openStorage } from "./platform-open";
import type { webLoadContext } from "./web-context";

const BUILD_DIR = path.resolve("build");

type RequestHandler = ReturnType<typeof import("react-router").createRequestHandler>;

/**
 * Pages through React Router, whose runtime loads with the first page rather than before the port opens. One
 * request handler per build (creating it builds the route tree), not one per request.
 */
function webHandler(
  getBuild: () => Promise<ServerBuild>,
  mode: string,
  loadContext: ReturnType<typeof webLoadContext>,
): WebHandler {
  const handlers = new WeakMap<ServerBuild, RequestHandler>();
  return async (request, apiFetch) => {
    const build = await getBuild();
    let handler = handlers.get(build);
    if (!handler) {
      const { createRequestHandler } = await import("react-router");
      handler = createRequestHandler(build, mode);
      handlers.set(build, handler);
    }
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
type Seeded = Awaited<ReturnType<typeof import("./platform").openPlatform>>["seeded"];

function startBanner(config: Config, seeded: Seeded) {
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
  // Since the process began: loading this module and its few imports.
  const started = performance.now();
  const log = newLogger(config);
  // The database opens (much of PGlite's start is reading and compiling WebAssembly off the main thread) while
  // the rest of the server's code loads. A failure surfaces where openPlatform awaits it, not as unhandled here.
  const opening = openStorage(config, log);
  opening.catch(() => {});
  const [
    { openPlatform, startRecoverySweep },
    { createHttpApp, HTTP_SERVER_OPTIONS },
    { endActiveTurns },
    sandbox,
    web,
  ] = await Promise.all([
    import("./platform"),
    import("./http"),
    import("./runtime/agent/run"),
    import("./runtime/sandbox"),
    import("./web-context"),
  ]);
  const code = Math.round(performance.now() - started);
  const { deps, database, seeded, phases } = await openPlatform(config, { opening, log });
  const opened = performance.now();
  const loadContext = web.webLoadContext(config);
  const stopSweep = startRecoverySweep(deps, database);
  sandbox.configureSandbox({
    jsPool: config.SANDBOX_JS_POOL,
    pyPool: config.SANDBOX_PY_POOL,
    memoryMb: config.SANDBOX_MEMORY_MB,
  });
  // Otherwise each language's pool starts at its first run (Pyodide takes seconds to load).
  if (config.SANDBOX_WARM) sandbox.warmSandbox().catch((err) => log.error({ err }, "sandbox warm-up failed"));

  let listener: (req: IncomingMessage, res: ServerResponse) => void;
  let closeDev: (() => Promise<void>) | undefined;
  let afterListen = () => {};
  if (dev) {
    const { createServer: createVite } = await import("vite");
    const vite = await createVite({ server: { middlewareMode: true }, appType: "custom" });
    const build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    const { app } = createHttpApp(deps, database, { handler: webHandler(build, "development", loadContext) });
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
      handler: webHandler(loadBuild, "production", loadContext),
      assets: productionAssets(),
    });
    listener = getRequestListener(app.fetch);
  }

  const server = createServer(HTTP_SERVER_OPTIONS, listener);
  server.listen(config.PORT, config.HOST, () => {
    const ms = Math.round(performance.now() - started);
    log.info(
      {
        port: config.PORT,
        host: config.HOST,
        database: database.kind,
        ms,
        phases: { load: Math.round(started), code, ...phases, app: Math.round(performance.now() - opened) },
      },
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
    sandbox.closeSandbox();
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
