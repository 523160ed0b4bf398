import { sql } from "drizzle-orm";
import type { Envelope, TestServer } from "./server";

/** A plain fetch against the test server, for what `call` hides: status, headers, cookies. */
export async function rawFetch(s: TestServer, path: string, init: RequestInit = {}) {
  const res = await fetch(s.url + path, init);
  const text = await res.text();
  let json: Envelope | undefined;
  try {
    json = JSON.parse(text) as Envelope;
  } catch {
    json = undefined;
  }
  return { res, text, json };
}

/** Rows of a query run straight on the test database (to check what was, or was not, written). */
export async function rows<T = Record<string, unknown>>(s: TestServer, query: ReturnType<typeof sql>) {
  const result = (await s.deps.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function count(s: TestServer, table: string, where = sql`true`) {
  const [row] = await rows<{ n: number | string }>(
    s,
    sql`select count(*) as n from ${sql.identifier(table)} where ${where}`,
  );
  return Number(row?.n ?? 0);
}

/** The `ticket` cookie value from a response's Set-Cookie headers ("" when cleared, undefined when absent). */
export function ticketCookie(res: Response) {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("ticket="));
  return cookie === undefined ? undefined : { value: cookie.split(";")[0]!.slice("ticket=".length), header: cookie };
}

/** The 6-digit code a code/send answer carries when no mail transport is configured. */
export function codeFrom(message: string) {
  const match = /(\d{6})/.exec(message);
  if (!match) throw new Error(`no code in: ${message}`);
  return match[1]!;
}

export const CHINESE = /[\u4e00-\u9fa5]/;
