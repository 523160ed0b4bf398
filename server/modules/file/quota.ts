import { and, eq, gt, sql } from "drizzle-orm";
import { formatSize } from "#server/api/body-limit";
import type { Deps } from "#server/core";
import { type AppError, fail } from "#server/core";
import { files, rateLimits } from "#server/db/schema";

const DAY_MS = 24 * 60 * 60_000;

/** Who an upload counts against: the user it is stored for, and the temporary chat link it came through. */
export interface Uploader {
  userId: number;
  linkId: number | null;
}

/** What may still be uploaded now, and the Chinese refusal once it is used up. */
export interface Allowance {
  bytes: number;
  refusal: () => AppError;
}

/** Per-link upload bytes are kept in the shared fixed-window counters, in KiB so a day's total fits an int. */
const linkKey = (linkId: number) => `upload-kib:link:${linkId}`;
const kib = (bytes: number) => Math.ceil(bytes / 1024);

const linkRefusal = (deps: Deps) =>
  fail(`该临时会话链接今日上传已达上限（每天 ${formatSize(deps.config.UPLOAD_DAILY_PER_LINK)}），请明天再试`);

async function userUsage(deps: Deps, userId: number) {
  const since = new Date(Date.now() - DAY_MS);
  const [row] = await deps.db
    .select({
      total: sql<string>`coalesce(sum(${files.size}), 0)`,
      today: sql<string>`coalesce(sum(${files.size}) filter (where ${files.created} > ${since.toISOString()}::timestamptz), 0)`,
    })
    .from(files)
    .where(eq(files.userId, userId));
  return { total: Number(row?.total ?? 0), today: Number(row?.today ?? 0) };
}

async function linkUsageKib(deps: Deps, linkId: number) {
  const [row] = await deps.db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, linkKey(linkId)), gt(rateLimits.resetAt, new Date())));
  return row?.count ?? 0;
}

/**
 * The smallest of what is left: the user's daily upload quota (a sliding 24 hours), the user's storage
 * total and, for uploads through a temporary chat link, the link's daily quota. Checked before an upload is
 * read (nothing left → refused at once) and used as the cap while it streams.
 */
export async function allowance(deps: Deps, who: Uploader): Promise<Allowance> {
  const { UPLOAD_DAILY_PER_USER, STORAGE_PER_USER, UPLOAD_DAILY_PER_LINK } = deps.config;
  const usage = await userUsage(deps, who.userId);
  const options: Allowance[] = [
    {
      bytes: UPLOAD_DAILY_PER_USER - usage.today,
      refusal: () => fail(`今日上传已达上限（每人每天 ${formatSize(UPLOAD_DAILY_PER_USER)}），请明天再试`),
    },
    {
      bytes: STORAGE_PER_USER - usage.total,
      refusal: () => fail(`存储空间已满（每人 ${formatSize(STORAGE_PER_USER)}），请联系管理员`),
    },
  ];
  if (who.linkId !== null) {
    const used = (await linkUsageKib(deps, who.linkId)) * 1024;
    options.push({ bytes: UPLOAD_DAILY_PER_LINK - used, refusal: () => linkRefusal(deps) });
  }
  return options.reduce((a, b) => (b.bytes < a.bytes ? b : a));
}

/**
 * Counts a received file against its link's daily quota, atomically: of two uploads racing for the last
 * bytes only one is counted, and the other is refused. Uploads of signed-in users need no counter (their
 * files table rows are the count).
 */
export async function chargeLink(deps: Deps, who: Uploader, size: number) {
  if (who.linkId === null) return;
  const limit = Math.floor(deps.config.UPLOAD_DAILY_PER_LINK / 1024);
  const add = kib(size);
  if (add > limit) throw linkRefusal(deps);
  const resetAt = new Date(Date.now() + DAY_MS).toISOString();
  const next = sql`case when ${rateLimits.resetAt} < now() then ${add} else ${rateLimits.count} + ${add} end`;
  const rows = await deps.db
    .insert(rateLimits)
    .values({ key: linkKey(who.linkId), count: add, resetAt: new Date(resetAt) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: next,
        resetAt: sql`case when ${rateLimits.resetAt} < now() then ${resetAt}::timestamptz else ${rateLimits.resetAt} end`,
      },
      setWhere: sql`${next} <= ${limit}`,
    })
    .returning({ count: rateLimits.count });
  if (!rows.length) throw linkRefusal(deps);
}

/** Gives a link's counted bytes back when the file could not be stored after all. */
export async function refundLink(deps: Deps, who: Uploader, size: number) {
  if (who.linkId === null) return;
  await deps.db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - ${kib(size)}, 0)` })
    .where(eq(rateLimits.key, linkKey(who.linkId)));
}
