import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok, refused, type Team, team } from "../support/agents";
import { count, rawFetch } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";
import { addRow, defineFields, physicalRows, T, tableWith } from "./table-support";

let s: TestServer;
let t: Team;
let tableId: number;
let rowId: number;
beforeAll(async () => {
  s = await startServer();
  t = await team(s);
  tableId = await tableWith(s, t.member.token, t.spaceId, [{ fieldName: "title", fieldType: 1 }]);
  ok(await addRow(s, t.member.token, tableId, { title: "保密" }));
  rowId = Number((await physicalRows(s, tableId))[0]!.id);
});
afterAll(() => s.close());

interface Request {
  method: "GET" | "POST";
  path: string;
  body?: unknown;
}

/** Every table endpoint with a well-formed request aimed at the shared table. */
const requests = (): Request[] => [
  { method: "POST", path: `${T}/add`, body: { spaceId: t.spaceId, tableName: "新表" } },
  { method: "POST", path: `${T}/list`, body: { queryFilter: { spaceId: t.spaceId } } },
  { method: "GET", path: `${T}/detailById?id=${tableId}` },
  { method: "POST", path: `${T}/updateTableName`, body: { id: tableId, tableName: "改名" } },
  {
    method: "POST",
    path: `${T}/updateTableDefinition`,
    body: { id: tableId, fieldList: [{ fieldName: "x", fieldType: 1 }] },
  },
  { method: "POST", path: `${T}/delete/${tableId}`, body: {} },
  { method: "POST", path: `${T}/copyTableDefinition?tableId=${tableId}`, body: {} },
  { method: "GET", path: `${T}/existTableData?tableId=${tableId}` },
  { method: "GET", path: `${T}/getTableDataById?tableId=${tableId}&pageNo=1&pageSize=10` },
  { method: "POST", path: `${T}/addBusinessData`, body: { tableId, rowData: { title: "x" } } },
  { method: "POST", path: `${T}/updateBusinessData`, body: { tableId, rowId, rowData: { title: "x" } } },
  { method: "POST", path: `${T}/deleteBusinessData`, body: { tableId, rowId } },
  { method: "GET", path: `${T}/clearBusinessData/${tableId}` },
  { method: "GET", path: `${T}/exportExcel/${tableId}` },
];

const state = async () => ({
  tables: await count(s, "custom_table"),
  fields: await count(s, "custom_table_field", sql`table_id = ${tableId}`),
  rows: await physicalRows(s, tableId),
});

describe("who may call the table endpoints", () => {
  it("refuses every endpoint without a token (4010), changing nothing", async () => {
    const before = await state();
    for (const r of requests()) refused(await s.call(r.path, { method: r.method, body: r.body, token: null }), "4010");
    const form = new FormData();
    form.set("file", new File([new Uint8Array([1])], "a.xlsx"));
    const res = await rawFetch(s, `${T}/importExcel/${tableId}`, { method: "POST", body: form });
    expect(res.json?.code).toBe("4010");
    expect(await state()).toEqual(before);
  });

  it("tells an outsider the table (or space) does not exist (4040), changing nothing", async () => {
    const before = await state();
    for (const r of requests()) {
      const res = await s.call(r.path, { method: r.method, body: r.body, token: t.outsider.token });
      expect(res.code, `${r.method} ${r.path}: ${res.message}`).toBe("4040");
      expect(res.data).toBeNull();
    }
    const form = new FormData();
    form.set("file", new File([new Uint8Array([1])], "a.xlsx"));
    const res = await rawFetch(s, `${T}/importExcel/${tableId}`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.outsider.token}` },
      body: form,
    });
    expect(res.json?.code).toBe("4040");
    expect(await state()).toEqual(before);
  });

  it("refuses bad input naming the field, writing nothing", async () => {
    const before = await state();
    const token = t.member.token;
    refused(await s.call(`${T}/add`, { token, body: { spaceId: t.spaceId, tableName: "" } }), "4000", "tableName");
    refused(await s.call(`${T}/add`, { token, body: { spaceId: "x", tableName: "a" } }), "4000", "spaceId");
    refused(await s.call(`${T}/detailById?id=abc`, { token }), "4000", "id");
    refused(await s.call(`${T}/getTableDataById?tableId=${tableId}&pageSize=100000`, { token }), "4000", "pageSize");
    refused(await s.call(`${T}/addBusinessData`, { token, body: { tableId, rowData: "x" } }), "4000", "rowData");
    refused(await s.call(`${T}/updateBusinessData`, { token, body: { tableId, rowData: {} } }), "4000", "rowId");
    refused(await defineFields(s, token, tableId, "x" as never), "4000", "fieldList");
    refused(await s.call(`${T}/delete/abc`, { token, body: {} }), "4000");
    expect(await state()).toEqual(before);
  });

  it("lets members of a space closed to development read but not change the table", async () => {
    ok(await s.call("/api/space/update", { token: t.owner.token, body: { id: t.spaceId, allowDevelop: 0 } }));
    try {
      const before = await state();
      expect(ok(await s.call(`${T}/getTableDataById?tableId=${tableId}`, { token: t.other.token })).total).toBe(1);
      refused(await addRow(s, t.other.token, tableId, { title: "x" }), "4030");
      refused(await s.call(`${T}/clearBusinessData/${tableId}`, { token: t.other.token }), "4030");
      refused(await defineFields(s, t.other.token, tableId, []), "4030");
      expect(await state()).toEqual(before);
      // The space's admin still may.
      ok(await addRow(s, t.admin.token, tableId, { title: "管理员" }));
    } finally {
      ok(await s.call("/api/space/update", { token: t.owner.token, body: { id: t.spaceId, allowDevelop: 1 } }));
    }
  });
});
