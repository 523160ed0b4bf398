import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { rows } from "./helpers";
import type { Envelope, TestServer } from "./server";

export type User = Awaited<ReturnType<TestServer["newUser"]>>;

/** The data of a successful call; fails the test with the server's message otherwise. */
export function ok<T = any>(res: Envelope<T>): T {
  expect(res, res.message).toMatchObject({ code: "0000", success: true });
  return res.data;
}

/**
 * A refusal with this code that carries nothing but, for bad input, the refused fields; `field` (when given) must be
 * named in the message and, for a `4000` with field data, among its refused fields.
 */
export function refused(res: Envelope, code: string, field?: string) {
  expect(res, `expected ${code}, got ${res.code} ${res.message}`).toMatchObject({ code, success: false });
  if (code === "4000" && res.data !== null) expect(Object.keys(res.data)).toEqual(["fieldErrors"]);
  else expect(res.data).toBeNull();
  if (field) {
    expect(res.message).toContain(`'${field}'`);
    if (res.data) expect(Object.keys(res.data.fieldErrors)).toContain(field);
  }
}

/**
 * A team space with one user of each kind: its Owner, an Admin, two plain members (`member` creates agents,
 * `other` does not), an outsider with no membership and the system admin's token.
 */
export async function team(s: TestServer) {
  const [owner, admin, member, other, outsider] = [
    await s.newUser(),
    await s.newUser(),
    await s.newUser(),
    await s.newUser(),
    await s.newUser(),
  ];
  const spaceId = ok<number>(await s.call("/api/space/add", { token: owner.token, body: { name: "研发团队" } }));
  ok(
    await s.call("/api/space/user/add", {
      token: owner.token,
      body: [
        { spaceId, userId: admin.id, role: "Admin" },
        { spaceId, userId: member.id, role: "User" },
        { spaceId, userId: other.id, role: "User" },
      ],
    }),
  );
  return { owner, admin, member, other, outsider, spaceId, sysAdmin: await s.adminToken() };
}
export type Team = Awaited<ReturnType<typeof team>>;

export async function addAgent(s: TestServer, token: string, spaceId: number, extra: Record<string, unknown> = {}) {
  return ok<number>(await s.call("/api/agent/add", { token, body: { spaceId, name: "客服助手", ...extra } }));
}

export async function getAgent(s: TestServer, token: string, id: number) {
  return ok(await s.call(`/api/agent/${id}`, { token }));
}

/** The user's Personal space (created with every user). */
export async function personalSpace(s: TestServer, token: string) {
  const spaces = ok<{ id: number; type: string }[]>(await s.call("/api/space/list", { token }));
  return spaces.find((x) => x.type === "Personal")!.id;
}

/** Straight from the database, so a refused call can be shown to have changed nothing. */
export async function agentRow(s: TestServer, id: number) {
  const [row] = await rows<Record<string, any>>(s, sql`select * from agent where id = ${id}`);
  return row;
}

export async function componentRows(s: TestServer, agentId: number) {
  return rows<Record<string, any>>(s, sql`select * from agent_component where agent_id = ${agentId} order by id`);
}

export async function historyRows(s: TestServer, agentId: number) {
  return rows<Record<string, any>>(
    s,
    sql`select * from config_history where target_type = 'Agent' and target_id = ${agentId} order by id`,
  );
}

export async function components(s: TestServer, token: string, agentId: number) {
  return ok<any[]>(await s.call(`/api/agent/component/list/${agentId}`, { token }));
}

/** Publishes to the square the way a client does: the system admin applies and approves. */
export async function markPublished(s: TestServer, adminToken: string, agentId: number) {
  ok(await s.call(`/api/agent/publish/apply/${agentId}`, { token: adminToken, body: { scope: "Tenant" } }));
  const page = ok(
    await s.call("/api/system/publish/apply/list", {
      token: adminToken,
      body: { pageNo: 1, pageSize: 100, queryFilter: { publishStatus: "Applying" } },
    }),
  );
  const apply = (page.records as { id: number; targetId: number }[]).find((r) => r.targetId === agentId);
  expect(apply, `agent ${agentId} has no pending application`).toBeTruthy();
  ok(await s.call(`/api/system/publish/${apply!.id}`, { token: adminToken, body: { id: apply!.id } }));
}
