import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { ok } from "./agents";
import { rows } from "./helpers";
import type { TestServer } from "./server";

/** Publishing, the square and notifications as a client drives them (issue 5). */

export function applyAgent(s: TestServer, token: string, agentId: number, body: Record<string, unknown> = {}) {
  return s.call<string>(`/api/agent/publish/apply/${agentId}`, {
    token,
    body: { scope: "Tenant", category: "Efficiency", remark: "请审核", ...body },
  });
}

/** The admin's audit queue rows for one agent, newest first. */
export async function appliesOf(s: TestServer, adminToken: string, agentId: number, publishStatus?: string) {
  const page = ok(
    await s.call("/api/system/publish/apply/list", {
      token: adminToken,
      body: { pageNo: 1, pageSize: 100, queryFilter: publishStatus ? { publishStatus } : {} },
    }),
  );
  return (page.records as any[]).filter((r) => r.targetId === agentId);
}

/** The id of the agent's pending application (fails when there is none). */
export async function pendingApplyId(s: TestServer, adminToken: string, agentId: number) {
  const [row] = await appliesOf(s, adminToken, agentId, "Applying");
  expect(row, `agent ${agentId} has no pending application`).toBeTruthy();
  return row.id as number;
}

export const approve = (s: TestServer, adminToken: string, applyId: number) =>
  s.call(`/api/system/publish/${applyId}`, { token: adminToken, body: { id: applyId } });

export const reject = (s: TestServer, adminToken: string, applyId: number, reason: string) =>
  s.call(`/api/system/publish/reject/${applyId}`, { token: adminToken, body: { id: applyId, reason } });

/** Applies to the square and has the admin approve it; returns the live publication's id. */
export async function publishToSquare(
  s: TestServer,
  token: string,
  adminToken: string,
  agentId: number,
  body: Record<string, unknown> = {},
) {
  ok(await applyAgent(s, token, agentId, body));
  const applyId = await pendingApplyId(s, adminToken, agentId);
  ok(await approve(s, adminToken, applyId));
  return (await liveRows(s, agentId)).find((r) => r.scope === "Tenant")!.id as number;
}

/** The square page as the given caller (null: anonymous) sees it. */
export async function square(s: TestServer, token: string | null, body: Record<string, unknown> = {}) {
  return ok(await s.call("/api/published/agent/list", { token, body: { page: 1, pageSize: 100, ...body } }));
}

export async function squareTargets(s: TestServer, token: string | null, body: Record<string, unknown> = {}) {
  return ((await square(s, token, body)).records as any[]).map((r) => r.targetId as number);
}

export async function itemList(s: TestServer, token: string, agentId: number) {
  return ok<any[]>(await s.call("/api/publish/item/list", { token, body: { targetType: "Agent", targetId: agentId } }));
}

export async function publishStatus(s: TestServer, token: string, agentId: number) {
  return ok(await s.call(`/api/agent/${agentId}`, { token })).publishStatus as string;
}

export async function historyTypes(s: TestServer, token: string, agentId: number) {
  const history = ok<any[]>(await s.call(`/api/agent/config/history/list/${agentId}`, { token }));
  return history.map((h) => h.type as string).reverse();
}

/** The caller's notification messages, newest first. */
export async function messages(s: TestServer, token: string, body: Record<string, unknown> = {}) {
  return ok<any[]>(await s.call("/api/notify/message/list", { token, body: { size: 100, ...body } }));
}

export async function events(s: TestServer, token: string) {
  return ok<{ hasEvent: boolean; eventList: { type: string; event: any }[]; version?: number }>(
    await s.call("/api/notify/event/collect/batch", { token }),
  );
}

/** Live publications straight from the database. */
export function liveRows(s: TestServer, agentId: number) {
  return rows<Record<string, any>>(
    s,
    sql`select * from published where target_type = 'Agent' and target_id = ${agentId} order by id`,
  );
}

export function applyRows(s: TestServer, agentId: number) {
  return rows<Record<string, any>>(
    s,
    sql`select * from publish_apply where target_type = 'Agent' and target_id = ${agentId} order by id`,
  );
}

/** Saves tenant settings the way the /system/config page does. */
export async function saveConfig(s: TestServer, adminToken: string, values: Record<string, unknown>) {
  ok(await s.call("/api/system/config/save", { token: adminToken, body: values }));
}
