import { randomInt } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { CROSS_SITE_MESSAGE, isCrossSiteWrite } from "../lib/cross-site";
import { securityHeaders } from "../lib/security-headers";
import { agentExportRoutes } from "../modules/agent/export-routes";
import { agentRoutes, homeRoutes, publishedRoutes, userAgentRoutes } from "../modules/agent/routes";
import { assistantRoutes } from "../modules/assistant/routes";
import { authRoutes } from "../modules/auth/routes";
import { authenticate } from "../modules/auth/service";
import { componentRoutes } from "../modules/component/routes";
// Registers every component kind's resolver, tool factory and publish adapter before any route runs.
import "../modules/component/registry";
import type { Actor, Deps } from "../core";
import { AppError, Codes, envelope } from "../core";
import { conversationRoutes } from "../modules/conversation/routes";
import { elsewhereRoutes } from "../modules/elsewhere/routes";
import { favouriteRoutes } from "../modules/favourite/routes";
import { fileRoutes } from "../modules/file/routes";
import { iconRoutes } from "../modules/icons/routes";
import { knowledgeRoutes } from "../modules/knowledge";
import { logPlatformRoutes } from "../modules/log-platform/routes";
import { memoryRoutes } from "../modules/memory";
import { modelRoutes } from "../modules/model/routes";
import { notifyRoutes } from "../modules/notify/routes";
import { pluginRoutes, publishedPluginRoutes } from "../modules/plugin";
import { agentPublishRoutes, publishRoutes, squareRoutes, systemPublishRoutes } from "../modules/publish/routes";
import { spaceRoutes } from "../modules/space/routes";
import { systemRoutes } from "../modules/system/routes";
import { tableRoutes } from "../modules/table";
import { taskRoutes } from "../modules/task";
import { tempChatRoutes } from "../modules/tempchat/routes";
import { tenantRoutes } from "../modules/tenant/routes";
import { triggerEventRoutes, triggerRoutes } from "../modules/trigger";
import { publishedWorkflowRoutes, workflowRoutes } from "../modules/workflow";
import { limitBodies } from "./body-limit";
import type { ApiEnv } from "./context";
import { TOKEN_COOKIE } from "./cookies";
import { notLoggedInFor } from "./http";

const DEFAULT_TENANT = 1;
const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH"] as const;

/** Like the original: a few random digits and the epoch milliseconds, unique enough to find a log line. */
export const newTid = () => `${randomInt(100, 999999)}${Date.now()}`;

/** The caller's address; in-process calls from the web layer hand over the browser's address as env.internalIp. */
export function clientIp(c: Context, trustProxy: boolean) {
  const internal = (c.env as { internalIp?: string } | undefined)?.internalIp;
  if (internal) return internal;
  if (trustProxy) {
    // The last entry is the one our proxy appended (what it saw); earlier entries are whatever the client sent,
    // so trusting the first would let anyone pick their own address and slip past per-IP limits.
    const forwarded = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

/** What the web layer's in-process calls carry (server/http.ts); a request from the network has neither. */
export interface InProcessEnv {
  /** The browser's address, for per-address limits and logs. */
  internalIp: string;
  /** The session checks of one page GET, by token: its loaders' reads (GET calls) authenticate a token once. */
  actors?: Map<string, Promise<Actor | null>>;
}

function authenticateOnce(deps: Deps, token: string, actors: InProcessEnv["actors"]) {
  if (!actors) return authenticate(deps, token);
  let actor = actors.get(token);
  if (!actor) {
    actor = authenticate(deps, token);
    actors.set(token, actor);
    // A failed check is not kept: the next call checks again.
    actor.catch(() => actors.delete(token));
  }
  return actor;
}

function bearer(header: string | undefined) {
  if (!header) return null;
  const match = /^(?:Bearer|Basic)\s+(.+)$/i.exec(header.trim());
  const token = (match?.[1] ?? header).trim();
  return token.length >= 20 && token.length <= 200 ? token : null;
}

/** A call the web layer makes in process (server/http.ts), as opposed to a request from the network. */
const inProcess = (c: Context) => (c.env as Partial<InProcessEnv> | undefined)?.internalIp !== undefined;

export function createApi(deps: Deps) {
  const api = new Hono<ApiEnv>();

  // Requests from the network come here straight from server/http.ts (one router pass, not two nested apps), so
  // the edge's two guards run here, in the same order: security headers outermost, then the body bound before
  // anything reads a body. The web layer's in-process calls passed both at the page request that makes them.
  // Made at the first request: the route table alone (tests/api/contract-routes) is built without a config.
  let bounded: MiddlewareHandler | undefined;
  api.use((c, next) => (inProcess(c) ? next() : securityHeaders(c, next)));
  api.use((c, next) => {
    if (inProcess(c)) return next();
    bounded ??= limitBodies(deps.config, newTid);
    return bounded(c, next);
  });

  let warnedUntrustedProxy = false;
  api.use(async (c, next) => {
    const tid = newTid();
    c.set("tid", tid);
    c.set("log", deps.log.child({ tid }));
    c.set("tenantId", DEFAULT_TENANT);
    c.set("ip", clientIp(c, deps.config.TRUST_PROXY));
    const started = performance.now();
    // At start nothing tells us a proxy is in front; the first forwarded request does (warned once).
    if (!deps.config.TRUST_PROXY && !warnedUntrustedProxy && c.req.header("x-forwarded-for")) {
      warnedUntrustedProxy = true;
      deps.log.warn(
        "X-Forwarded-For received while TRUST_PROXY is off: every client looks like the proxy, so per-address limits (login, codes, temporary chat) hit everyone at once; set TRUST_PROXY=1 behind a reverse proxy",
      );
    }
    await next();
    c.get("log").info(
      { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
      "request",
    );
  });

  api.use(async (c, next) => {
    const fromHeader = bearer(c.req.header("authorization"));
    // A Bearer token wins, and its callers skip the cookie's cross-site check: the cookie is not read at all.
    const fromCookie = fromHeader ? undefined : getCookie(c, TOKEN_COOKIE);
    const token = fromHeader ?? fromCookie ?? null;
    // A write may sign the caller out or change them: it checks the session itself, and calls after it check again.
    const reads = c.req.method === "GET" || c.req.method === "HEAD";
    const actors = (c.env as InProcessEnv | undefined)?.actors;
    if (!reads) actors?.clear();
    c.set("actor", token ? await authenticateOnce(deps, token, reads ? actors : undefined) : null);
    // Cookie-authenticated writes must come from our own pages (CSRF defence on top of SameSite=Lax); a
    // Bearer token cannot be sent by another site, so those callers may be anywhere.
    if (!fromHeader && fromCookie && isCrossSiteWrite(c.req.raw, ownHost(c, deps.config.TRUST_PROXY))) {
      throw new AppError(Codes.FORBIDDEN, CROSS_SITE_MESSAGE);
    }
    try {
      await next();
    } finally {
      if (!reads) actors?.clear();
    }
  });

  api.route("/api/user", authRoutes(deps));
  api.route("/api/tenant", tenantRoutes(deps));
  api.route("/api/space", spaceRoutes(deps));
  api.route("/api/agent/conversation", conversationRoutes(deps));
  api.route("/api/agent/publish", agentPublishRoutes(deps));
  api.route("/api/agent/task", taskRoutes(deps));
  api.route("/api/agent", triggerRoutes(deps));
  api.route("/api/trigger", triggerEventRoutes(deps));
  api.route("/api/agent", agentExportRoutes(deps));
  api.route("/api/agent", agentRoutes(deps));
  api.route("/api/user/agent", userAgentRoutes(deps));
  api.route("/api/home", homeRoutes(deps));
  api.route("/api/published", squareRoutes(deps));
  api.route("/api/published", publishedRoutes(deps));
  api.route("/api/published", publishedPluginRoutes(deps));
  api.route("/api/published", publishedWorkflowRoutes(deps));
  api.route("/api/published", favouriteRoutes(deps));
  api.route("/api/publish", publishRoutes(deps));
  api.route("/api/system/publish", systemPublishRoutes(deps));
  api.route("/api/component", componentRoutes(deps));
  api.route("/api/plugin", pluginRoutes(deps));
  api.route("/api/workflow", workflowRoutes(deps));
  api.route("/api/compose/db/table", tableRoutes(deps));
  api.route("/api/notify", notifyRoutes(deps));
  api.route("/api/model", modelRoutes(deps, false));
  api.route("/api/system/model", modelRoutes(deps, true));
  api.route("/api/system", systemRoutes(deps));
  api.route("/api/temp/chat", tempChatRoutes(deps));
  api.route("/api/file", fileRoutes(deps));
  api.route("/api/knowledge", knowledgeRoutes(deps));
  api.route("/api/assistant", assistantRoutes(deps));
  api.route("/api/memory", memoryRoutes(deps));
  api.route("/api/logPlatform", logPlatformRoutes(deps));
  api.route("/api/icons", iconRoutes());
  api.route("/api", elsewhereRoutes(deps));

  api.notFound((c) => {
    const path = c.req.path;
    const otherMethod = METHODS.some((m) => m !== c.req.method && hasRoute(api, m, path));
    const code = otherMethod ? Codes.METHOD : Codes.NOT_FOUND;
    return c.json(envelope(code, otherMethod ? "请求方法不被支持" : "接口不存在", null, c.get("tid") ?? newTid()));
  });

  api.onError((err, c) => {
    const tid = c.get("tid") ?? newTid();
    if (err instanceof AppError) {
      // Services throw a plain 4010; a page request (with a Referer) gets the 4011 login redirect instead.
      const refusal = err.code === Codes.NOT_LOGGED_IN ? notLoggedInFor(c) : err;
      return c.json(envelope(refusal.code, refusal.message, refusal.data, tid));
    }
    (c.get("log") ?? deps.log).error({ err, tid, path: c.req.path }, "unhandled error");
    return c.json(envelope(Codes.INTERNAL, "系统开小差啦，请稍后重试", null, tid));
  });

  return api;
}

/** The host the browser addressed; in-process calls from the web layer carry it in their URL only. */
function ownHost(c: Context<ApiEnv>, trustProxy: boolean) {
  const forwarded = trustProxy ? c.req.header("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  return forwarded || c.req.header("host") || new URL(c.req.url).host;
}

/** Whether a real route (not a catch-all middleware) answers this method and path: 4050 rather than 4040. */
function hasRoute(api: Hono<ApiEnv>, method: string, path: string) {
  const [matches] = api.router.match(method, path) as unknown as [[[unknown, { method: string }], unknown][]];
  return matches.some(([[, route]]) => route.method !== "ALL");
}
