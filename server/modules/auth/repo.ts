import { and, desc, eq, ilike, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { preparedFor } from "#server/db/prepared";
import { authTokens, users, verifyCodes } from "#server/db/schema";
import { containsPattern } from "#server/lib/sql";

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** A user by id, read by most signed-in requests (login info, the tenant settings' greeting…): built once. */
const userById = preparedFor((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .prepare("user_by_id"),
);

export async function findUserById(db: Db, id: number) {
  const [row] = await userById(db).execute({ id });
  return row;
}

export async function findUserByField(db: Db, tenantId: number, field: "email" | "phone" | "userName", value: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users[field], value), ne(users.status, "Deleted")));
  return row;
}

export async function isFieldTaken(
  db: Db,
  tenantId: number,
  field: "email" | "phone" | "userName",
  value: string,
  exceptId?: number,
) {
  const conditions = [eq(users.tenantId, tenantId), eq(users[field], value)];
  if (exceptId) conditions.push(ne(users.id, exceptId));
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(...conditions));
  return Boolean(row);
}

export async function insertUser(db: Db, values: NewUser) {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error("user insert returned nothing");
  return row;
}

export async function updateUser(db: Db, id: number, values: Partial<NewUser>) {
  await db.update(users).set(values).where(eq(users.id, id));
}

/**
 * Names match by substring; an e-mail or phone number only as the whole address, so the search cannot be
 * used to harvest everyone's contact details a few characters at a time.
 */
export async function searchUsers(db: Db, tenantId: number, kw: string, limit: number) {
  const pattern = containsPattern(kw);
  return db
    .select()
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.status, "Enabled"),
        or(
          ilike(users.userName, pattern),
          ilike(users.nickName, pattern),
          eq(users.email, kw.toLowerCase()),
          eq(users.phone, kw),
        ),
      ),
    )
    .orderBy(users.id)
    .limit(limit);
}

export async function insertToken(db: Db, values: typeof authTokens.$inferInsert) {
  await db.insert(authTokens).values(values);
}

/**
 * The session and its user unless expired. Expiry is checked here, not in SQL: the statement is then the same on
 * every request of a session, so the embedded database's read cache (server/db/read-cache.ts) can answer it.
 */
/** The session check of every request, built once (prepared.ts). */
const sessionRead = preparedFor((db) =>
  db
    .select({ token: authTokens, user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(eq(authTokens.tokenHash, sql.placeholder("tokenHash")))
    .prepare("live_token"),
);

export async function findLiveToken(db: Db, tokenHash: string) {
  const [row] = await sessionRead(db).execute({ tokenHash });
  return row && row.token.expiresAt.getTime() > Date.now() ? row : undefined;
}

export async function extendToken(db: Db, tokenHash: string, expiresAt: Date) {
  await db.update(authTokens).set({ expiresAt }).where(eq(authTokens.tokenHash, tokenHash));
}

export async function deleteToken(db: Db, tokenHash: string) {
  await db.delete(authTokens).where(eq(authTokens.tokenHash, tokenHash));
}

/** Signs the user out everywhere, except (when given) the session making the request. */
export async function deleteUserTokens(db: Db, userId: number, keepTokenHash?: string) {
  const mine = eq(authTokens.userId, userId);
  await db.delete(authTokens).where(keepTokenHash ? and(mine, ne(authTokens.tokenHash, keepTokenHash)) : mine);
}

export async function latestCode(
  db: Db,
  tenantId: number,
  target: string,
  type: (typeof verifyCodes.$inferSelect)["type"],
) {
  const [row] = await db
    .select()
    .from(verifyCodes)
    .where(and(eq(verifyCodes.tenantId, tenantId), eq(verifyCodes.target, target), eq(verifyCodes.type, type)))
    .orderBy(desc(verifyCodes.id))
    .limit(1);
  return row;
}

export async function insertCode(db: Db, values: typeof verifyCodes.$inferInsert) {
  await db.insert(verifyCodes).values(values);
}

/** Counts one attempt at a code, atomically; false once the code has had its `max` attempts. */
export async function claimCodeAttempt(db: Db, id: number, max: number) {
  const claimed = await db
    .update(verifyCodes)
    .set({ attempts: sql`${verifyCodes.attempts} + 1` })
    .where(and(eq(verifyCodes.id, id), lt(verifyCodes.attempts, max)))
    .returning({ id: verifyCodes.id });
  return claimed.length > 0;
}

/** Uses a code up; true only for the one request that removed it. */
export async function takeCode(db: Db, id: number) {
  const taken = await db.delete(verifyCodes).where(eq(verifyCodes.id, id)).returning({ id: verifyCodes.id });
  return taken.length > 0;
}

/** A unique index refused the write (PostgreSQL 23505), whichever driver wrapped the error. */
export function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e && typeof e === "object"; depth++) {
    if ((e as { code?: unknown }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export async function deleteCodes(
  db: Db,
  tenantId: number,
  target: string,
  type: (typeof verifyCodes.$inferSelect)["type"],
) {
  await db
    .delete(verifyCodes)
    .where(and(eq(verifyCodes.tenantId, tenantId), eq(verifyCodes.target, target), eq(verifyCodes.type, type)));
}
