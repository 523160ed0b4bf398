import { and, desc, eq } from "drizzle-orm";
import type { Db } from "#server/db/client";
import { tempChatLinks } from "#server/db/schema";

export type TempLinkRow = typeof tempChatLinks.$inferSelect;

export async function insertLink(db: Db, values: typeof tempChatLinks.$inferInsert) {
  const [row] = await db.insert(tempChatLinks).values(values).returning();
  if (!row) throw new Error("link insert returned nothing");
  return row;
}

export async function listLinks(db: Db, agentId: number) {
  return db.select().from(tempChatLinks).where(eq(tempChatLinks.agentId, agentId)).orderBy(desc(tempChatLinks.id));
}

export async function findLink(db: Db, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(tempChatLinks)
    .where(and(eq(tempChatLinks.id, id), eq(tempChatLinks.tenantId, tenantId)));
  return row;
}

export async function findLinkByKey(db: Db, chatKey: string) {
  const [row] = await db.select().from(tempChatLinks).where(eq(tempChatLinks.chatKey, chatKey));
  return row;
}

export async function updateLink(db: Db, id: number, values: Partial<typeof tempChatLinks.$inferInsert>) {
  await db.update(tempChatLinks).set(values).where(eq(tempChatLinks.id, id));
}

export async function deleteLink(db: Db, id: number) {
  await db.delete(tempChatLinks).where(eq(tempChatLinks.id, id));
}
