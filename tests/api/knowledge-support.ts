import { readFileSync } from "node:fs";
import path from "node:path";
import { ok } from "../support/agents";
import { eventually } from "../support/chat";
import type { TestServer } from "../support/server";

/** Helpers shared by the knowledge API tests (tests/api/knowledge-*.test.ts). */

export const K = "/api/knowledge";
export const FIXTURES = path.resolve(process.cwd(), "../shared/fixtures/knowledge");
export const FIXTURE_FILES = [
  "refund.md",
  "membership.txt",
  "api-limits.json",
  "invoice.docx",
  "security.doc",
  "export.pdf",
] as const;
export const fixture = (name: string) => new Uint8Array(readFileSync(path.join(FIXTURES, name)));

/** Uploads bytes through /api/file/upload as the user; answers what the upload answered (key, url, size…). */
export async function upload(s: TestServer, token: string, name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append("file", new Blob([Buffer.from(bytes)]), name);
  const res = await fetch(`${s.url}/api/file/upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return ok<{ key: string; url: string; fileName: string; size: number }>(await res.json());
}

export async function newKb(s: TestServer, token: string, spaceId: number, extra: Record<string, unknown> = {}) {
  return ok<number>(await s.call(`${K}/config/add`, { token, body: { spaceId, name: "星河云帮助中心", ...extra } }));
}

/** Uploads files and adds them to the knowledge base; answers the new documents' ids by name. */
export async function addFiles(s: TestServer, token: string, kbId: number, files: [string, Uint8Array][]) {
  const fileList = [];
  for (const [name, bytes] of files) {
    const up = await upload(s, token, name, bytes);
    fileList.push({ name, docUrl: up.url, fileSize: up.size });
  }
  ok(await s.call(`${K}/document/add`, { token, body: { kbId, fileList, autoSegmentConfigFlag: true } }));
  return docIds(s, token, kbId);
}

export async function documents(s: TestServer, token: string, kbId: number) {
  return ok<{ records: any[] }>(
    await s.call(`${K}/document/list`, { token, body: { current: 1, pageSize: 100, queryFilter: { kbId } } }),
  ).records;
}

export async function docIds(s: TestServer, token: string, kbId: number) {
  return new Map((await documents(s, token, kbId)).map((d) => [d.name as string, d.id as number]));
}

/** Waits until every document of the knowledge base has finished (2) or failed (10). */
export async function settled(s: TestServer, token: string, kbId: number, timeoutMs = 60_000) {
  return eventually(async () => {
    const docs = await documents(s, token, kbId);
    return docs.every((d) => d.docStatusCode === 2 || d.docStatusCode === 10) && docs;
  }, timeoutMs);
}

export async function search(
  s: TestServer,
  token: string,
  kbId: number,
  question: string,
  searchStrategy: "SEMANTIC" | "FULL_TEXT" | "MIXED",
  extra: Record<string, unknown> = {},
) {
  return ok<any[]>(
    await s.call(`${K}/qa/search`, { token, body: { kbId, question, topK: 5, searchStrategy, ...extra } }),
  );
}
