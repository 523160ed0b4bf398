import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok, personalSpace } from "../support/agents";
import { startServer, type TestServer } from "../support/server";
import { addFiles, FIXTURE_FILES, fixture, K, newKb, search, settled } from "./knowledge-support";

let s: TestServer;
let token: string;
let kbId: number;
let ids: Map<string, number>;

beforeAll(async () => {
  s = await startServer();
  const owner = await s.newUser();
  token = owner.token;
  const spaceId = await personalSpace(s, token);
  kbId = await newKb(s, token, spaceId);
  ids = await addFiles(s, token, kbId, [
    ...FIXTURE_FILES.map((n) => [n, fixture(n)] as [string, Uint8Array]),
    ["broken.docx", new TextEncoder().encode("这不是一个 docx 文件")],
  ]);
}, 120_000);
afterAll(() => s?.close());

describe("ingesting the fixtures with the built-in embedding", () => {
  it("finishes every readable type and fails the broken file with its reason", async () => {
    const docs = await settled(s, token, kbId);
    const byName = new Map(docs.map((d: any) => [d.name, d]));
    for (const name of FIXTURE_FILES) {
      expect(byName.get(name), name).toMatchObject({
        docStatusCode: 2,
        docStatus: "ANALYZED",
        docStatusDesc: "已完成",
        progress: 100,
        hasEmbedding: true,
        docStatusReason: null,
      });
      expect(byName.get(name).segmentCount, name).toBeGreaterThan(0);
    }
    expect(byName.get("broken.docx")).toMatchObject({
      docStatusCode: 10,
      docStatusDesc: "失败",
      docStatusReason: expect.stringContaining("docx"),
    });
  });

  it("shows a document's segments in order", async () => {
    const page = ok(
      await s.call(`${K}/rawSegment/list`, {
        token,
        body: { current: 1, pageSize: 50, queryFilter: { docId: ids.get("security.doc") } },
      }),
    );
    expect(page.total).toBeGreaterThan(0);
    expect(page.records.map((r: any) => r.rawTxt).join("")).toContain("账号会被锁定 15 分钟");
    expect(page.records.map((r: any) => r.sortIndex)).toEqual([...page.records.keys()]);
  });

  it.each(["SEMANTIC", "FULL_TEXT", "MIXED"] as const)(
    "finds the passage that answers a question (%s)",
    async (mode) => {
      const cases = [
        ["单张发票的金额上限是多少？", "invoice.docx", "10 万元"],
        ["连续输错几次密码账号会被锁定？", "security.doc", "15 分钟"],
        ["导出的下载链接有效期多久？", "export.pdf", "72 小时"],
        ["专业版每分钟可以请求多少次接口？", "api-limits.json", "600"],
      ];
      for (const [question, doc, fact] of cases) {
        const hits = await search(s, token, kbId, question as string, mode, { matchingDegree: 0.3 });
        expect(hits.length, question).toBeGreaterThan(0);
        expect(hits[0], `${mode} ${question}`).toMatchObject({ docId: ids.get(doc as string), docName: doc, kbId });
        expect(hits[0].rawTxt).toContain(fact);
        expect(hits[0].score).toBeGreaterThan(0);
      }
    },
  );

  it("answers nothing above a threshold no passage reaches", async () => {
    expect(await search(s, token, kbId, "量子计算机的工作原理", "SEMANTIC", { matchingDegree: 0.9 })).toEqual([]);
  });

  it("a failed document can be retried and fails again with the same reason", async () => {
    const docId = ids.get("broken.docx");
    ok(await s.call(`${K}/document/doc/autoRetryTaskByDocId/${docId}`, { token }));
    const doc = await settled(s, token, kbId).then((docs: any[]) => docs.find((d) => d.id === docId));
    expect(doc).toMatchObject({ docStatusCode: 10, docStatusReason: expect.stringContaining("docx") });
  });
});
