import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { ok } from "./agents";
import { rows } from "./helpers";
import type { TestServer } from "./server";

/** Plugins as a client drives them (issue 10). */

export function addPlugin(s: TestServer, token: string, spaceId: number, body: Record<string, unknown> = {}) {
  return s.call<number>("/api/plugin/add", { token, body: { spaceId, name: "天气查询", type: "HTTP", ...body } });
}

export async function newPlugin(s: TestServer, token: string, spaceId: number, body: Record<string, unknown> = {}) {
  return ok(await addPlugin(s, token, spaceId, body));
}

export async function getPlugin(s: TestServer, token: string, id: number) {
  return ok(await s.call(`/api/plugin/${id}`, { token }));
}

/** Saves an HTTP plugin's config (the fields not given keep the schema's defaults). */
export function saveHttp(s: TestServer, token: string, id: number, config: Record<string, unknown>, extra = {}) {
  return s.call("/api/plugin/http/update", { token, body: { id, config, ...extra } });
}

export async function historyOf(s: TestServer, token: string, id: number) {
  return ok<any[]>(await s.call(`/api/plugin/config/history/list/${id}`, { token }));
}

export async function pluginRow(s: TestServer, id: number) {
  const [row] = await rows<Record<string, any>>(s, sql`select * from plugin where id = ${id}`);
  return row;
}

export function publishPlugin(s: TestServer, token: string, id: number, items: Record<string, unknown>[], extra = {}) {
  return s.call<string>("/api/publish/apply", {
    token,
    body: { targetType: "Plugin", targetId: id, category: "Efficiency", items, ...extra },
  });
}

/** Live publications of a plugin straight from the database. */
export function livePluginRows(s: TestServer, id: number) {
  return rows<Record<string, any>>(
    s,
    sql`select * from published where target_type = 'Plugin' and target_id = ${id} order by id`,
  );
}

export async function squarePlugins(s: TestServer, token: string | null, body: Record<string, unknown> = {}) {
  return ok(await s.call("/api/published/plugin/list", { token, body: { page: 1, pageSize: 100, ...body } }));
}

/**
 * A local HTTP service for plugins to call: answers each path from `routes` (status, headers, body), records the
 * requests it got, and answers unknown paths with 404.
 */
export async function startService(
  routes: Record<
    string,
    (req: IncomingMessage, body: string) => { status?: number; headers?: Record<string, string>; body?: unknown }
  >,
) {
  const requests: { method: string; url: string; headers: IncomingMessage["headers"]; body: string }[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString();
    requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
    const route = routes[new URL(req.url ?? "/", "http://x").pathname];
    const answer = route ? route(req, body) : { status: 404, body: { error: "not found" } };
    const text = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body ?? null);
    res.writeHead(answer.status ?? 200, { "content-type": "application/json", ...answer.headers }).end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
