import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok, refused, type Team, team } from "../support/agents";
import { count } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";
import { K, newKb, search, settled, upload } from "./knowledge-support";

let s: TestServer;
let t: Team;
let kbId: number;
let docId: number;

const text = "星河云专业版每分钟最多可以调用 600 次接口，超过限流时接口返回 HTTP 429。";
beforeAll(async () => {
  s = await startServer();
  t = await team(s);
  kbId = await newKb(s, t.member.token, t.spaceId);
  ok(
    await s.call(`${K}/document/customAdd`, { token: t.member.token, body: { kbId, name: "限流", fileContent: text } }),
  );
  const [doc] = await settled(s, t.member.token, kbId);
  docId = doc.id;
}, 120_000);
afterAll(() => s?.close());

describe("who may do what with a knowledge base", () => {
  it("refuses callers without a token", async () => {
    refused(await s.call(`${K}/config/detailById?id=${kbId}`), "4010");
    refused(await s.call(`${K}/qa/search`, { body: { kbId, question: "限流" } }), "4010");
  });

  it("shows an outsider nothing: every read and write is a 4040", async () => {
    const token = t.outsider.token;
    refused(await s.call(`${K}/config/detailById?id=${kbId}`, { token }), "4040");
    refused(await s.call(`${K}/config/list`, { token, body: { queryFilter: { spaceId: t.spaceId } } }), "4040");
    refused(await s.call(`${K}/document/list`, { token, body: { queryFilter: { kbId } } }), "4040");
    refused(await s.call(`${K}/document/detailById?dataId=${docId}`, { token }), "4040");
    refused(await s.call(`${K}/rawSegment/list`, { token, body: { queryFilter: { docId } } }), "4040");
    refused(await s.call(`${K}/qa/search`, { token, body: { kbId, question: "限流" } }), "4040");
    refused(await s.call(`${K}/qa/add`, { token, body: { kbId, question: "问", answer: "答" } }), "4040");
    refused(await s.call(`${K}/document/deleteById?id=${docId}`, { token }), "4040");
    refused(await s.call(`${K}/config/deleteById?id=${kbId}`, { token }), "4040");
    expect(await count(s, "knowledge_document", sql`kb_id = ${kbId}`)).toBe(1);
  });

  it("lets every member read and search; only the creator or a space admin deletes the knowledge base", async () => {
    const info = ok(await s.call(`${K}/config/detailById?id=${kbId}`, { token: t.other.token }));
    expect(info).toMatchObject({ id: kbId, docCount: 1, embeddingModelName: "内置词法向量（离线）" });
    expect(info.permissions).toEqual(["Edit"]);
    const hits = await search(s, t.other.token, kbId, "专业版每分钟调用多少次接口", "MIXED");
    expect(hits[0]).toMatchObject({ docId, docName: "限流" });
    refused(await s.call(`${K}/config/deleteById?id=${kbId}`, { token: t.other.token }), "4030");
    expect(ok(await s.call(`${K}/config/detailById?id=${kbId}`, { token: t.admin.token })).permissions).toEqual([
      "Edit",
      "Delete",
    ]);
  });

  it("lists the knowledge base in the space's component library", async () => {
    const library = ok<any[]>(await s.call(`/api/component/list/${t.spaceId}`, { token: t.other.token }));
    expect(library.find((c) => c.type === "Knowledge" && c.id === kbId)).toMatchObject({
      name: "星河云帮助中心",
      ext: "TEXT",
    });
  });

  it("lists the built-in embedding among the space's embedding models", async () => {
    const models = ok<any[]>(
      await s.call("/api/model/list", { token: t.member.token, body: { spaceId: t.spaceId, modelType: "Embeddings" } }),
    );
    expect(models.map((m) => m.name)).toContain("内置词法向量（离线）");
  });

  it("refuses bad input naming the field", async () => {
    const token = t.member.token;
    refused(await s.call(`${K}/config/add`, { token, body: { spaceId: t.spaceId, name: "" } }), "4000", "name");
    refused(
      await s.call(`${K}/qa/search`, { token, body: { kbId, question: "x", searchStrategy: "FUZZY" } }),
      "4000",
      "searchStrategy",
    );
    refused(await s.call(`${K}/qa/search`, { token, body: { kbId, question: "x", topK: 0 } }), "4000", "topK");
    refused(
      await s.call(`${K}/document/customAdd`, {
        token,
        body: {
          kbId,
          name: "a",
          fileContent: "足够长的内容足够长的内容",
          segmentConfig: { words: 5 },
          autoSegmentConfigFlag: false,
        },
      }),
      "4000",
      "segmentConfig.words",
    );
    const outside = { name: "a.txt", docUrl: "https://example.com/a.txt" };
    refused(
      await s.call(`${K}/document/add`, { token, body: { kbId, fileList: [outside] } }),
      "4000",
      "fileList.0.docUrl",
    );
  });

  it("refuses a document made from someone else's upload", async () => {
    const theirs = await upload(
      s,
      t.outsider.token,
      "私密.txt",
      new TextEncoder().encode("别人的私密文件内容，不应被读取。"),
    );
    const res = await s.call(`${K}/document/add`, {
      token: t.member.token,
      body: { kbId, fileList: [{ name: "私密.txt", docUrl: theirs.url }] },
    });
    refused(res, "4000", "fileList.0.docUrl");
  });

  it("imports QA pairs from Excel, searches them alongside segments, and deleting cascades", async () => {
    const token = t.member.token;
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("问答");
    sheet.addRow(["问题", "答案"]);
    sheet.addRow(["发票抬头填错了怎么办？", "开票后 30 天内申请红冲，然后重新开具。"]);
    sheet.addRow(["", "没有问题的一行"]);
    const form = new FormData();
    form.append("kbId", String(kbId));
    form.append("file", new Blob([Buffer.from(await book.xlsx.writeBuffer())]), "qa.xlsx");
    const res = await fetch(`${s.url}${K}/qa/importExcel`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(ok(await res.json())).toEqual({ added: 1, skipped: 1 });
    const [hit] = await search(s, token, kbId, "发票抬头填错了", "SEMANTIC", { matchingDegree: 0.3 });
    expect(hit).toMatchObject({
      question: "发票抬头填错了怎么办？",
      rawTxt: "开票后 30 天内申请红冲，然后重新开具。",
      docId: 0,
    });
    expect(hit.qaId).toBeGreaterThan(0);

    ok(await s.call(`${K}/document/deleteById?id=${docId}`, { token }));
    expect(await count(s, "knowledge_segment", sql`doc_id = ${docId}`)).toBe(0);
    ok(await s.call(`${K}/config/deleteById?id=${kbId}`, { token }));
    for (const table of ["knowledge_document", "knowledge_segment", "knowledge_qa"]) {
      expect(await count(s, table, sql`kb_id = ${kbId}`), table).toBe(0);
    }
    refused(await s.call(`${K}/config/detailById?id=${kbId}`, { token }), "4040");
  });
});
