import type { MemoryInfo } from "#contract/api/memory";
import { ok } from "./agents";
import { eventually } from "./chat";
import type { TestServer } from "./server";

/** One page (up to 100) of a user's long-term memories, as /api/memory/list answers it. */
export async function memoriesOf(s: TestServer, token: string, filter: Record<string, unknown> = {}) {
  return ok<{ records: MemoryInfo[]; total: number }>(
    await s.call("/api/memory/list", { token, body: { current: 1, pageSize: 100, ...filter } }),
  );
}

/**
 * Waits until the background extraction has stored `n` memories for this user. Judged by the rows, not the total: on
 * PostgreSQL the page's rows and its count are two statements on two pooled connections, and the extraction may
 * commit between them.
 */
export const memoriesReach = (s: TestServer, token: string, n: number) =>
  eventually(async () => {
    const page = await memoriesOf(s, token);
    return page.records.length >= n && page;
  }, 15_000);
