import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok, refused, type Team, team } from "../support/agents";
import { count, rows } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";
import {
  addRow,
  customFields,
  defineFields,
  details,
  newTable,
  page,
  physicalRows,
  T,
  tableWith,
} from "./table-support";

let s: TestServer;
let t: Team;
beforeAll(async () => {
  s = await startServer();
  t = await team(s);
});
afterAll(() => s.close());

const fields = [
  { fieldName: "name", fieldType: 1, nullableFlag: false, uniqueFlag: true },
  { fieldName: "age", fieldType: 2, nullableFlag: 1, defaultValue: "18" },
  { fieldName: "score", fieldType: 3 },
  { fieldName: "vip", fieldType: 4, defaultValue: "false" },
  { fieldName: "birthday", fieldType: 5 },
  { fieldName: "notes", fieldType: 7 },
];

describe("table definitions", () => {
  it("lists the space's tables in its component library, which agents bind from", async () => {
    const id = await newTable(s, t.member.token, t.spaceId, "库存表");
    const library = ok(await s.call(`/api/component/list/${t.spaceId}`, { token: t.member.token }));
    expect(library).toContainEqual(expect.objectContaining({ id, type: "Table", name: "库存表", spaceId: t.spaceId }));
  });

  it("creates a table with the system fields, defines custom fields and answers them as booleans", async () => {
    const id = await tableWith(s, t.member.token, t.spaceId, fields);
    const d = await details(s, t.member.token, id);
    expect(d.fieldList.slice(0, 8).map((f) => f.fieldName)).toEqual([
      "id",
      "uid",
      "user_name",
      "nick_name",
      "agent_id",
      "agent_name",
      "created",
      "modified",
    ]);
    expect(customFields(d)).toMatchObject([
      {
        fieldName: "name",
        fieldType: 1,
        nullableFlag: false,
        uniqueFlag: true,
        enabledFlag: true,
        systemFieldFlag: false,
      },
      { fieldName: "age", fieldType: 2, nullableFlag: true, uniqueFlag: false, defaultValue: "18" },
      { fieldName: "score", fieldType: 3 },
      { fieldName: "vip", fieldType: 4, defaultValue: "false" },
      { fieldName: "birthday", fieldType: 5 },
      { fieldName: "notes", fieldType: 7 },
    ]);
    expect(d).toMatchObject({
      dorisDatabase: "agent_custom_table",
      dorisTable: `custom_table_${id}`,
      existTableDataFlag: false,
    });
    expect(d.createTableDdl).toContain('"name" varchar(255) not null');
    expect(d.permissions).toEqual(["Copy", "Delete", "Edit"]);
    const list = ok(
      await s.call(`${T}/list`, {
        token: t.other.token,
        body: { queryFilter: { spaceId: t.spaceId, tableName: "客户" } },
      }),
    );
    expect(list.map((x: { id: number }) => x.id)).toContain(id);
    expect(list.find((x: { id: number }) => x.id === id).permissions).toEqual(["Copy", "Edit"]);
  });

  it("refuses bad field names, system names, duplicates and defaults of the wrong type, naming the field", async () => {
    const id = await newTable(s, t.member.token, t.spaceId);
    refused(
      await defineFields(s, t.member.token, id, [{ fieldName: "1abc", fieldType: 1 }]),
      "4000",
      "fieldList.0.fieldName",
    );
    refused(
      await defineFields(s, t.member.token, id, [{ fieldName: "a-b", fieldType: 1 }]),
      "4000",
      "fieldList.0.fieldName",
    );
    refused(await defineFields(s, t.member.token, id, [{ fieldName: "x".repeat(65), fieldType: 1 }]), "4000");
    refused(
      await defineFields(s, t.member.token, id, [{ fieldName: "UID", fieldType: 1 }]),
      "4000",
      "fieldList.0.fieldName",
    );
    refused(
      await defineFields(s, t.member.token, id, [
        { fieldName: "a", fieldType: 1 },
        { fieldName: "A", fieldType: 2 },
      ]),
      "4000",
      "fieldList.1.fieldName",
    );
    refused(
      await defineFields(s, t.member.token, id, [{ fieldName: "n", fieldType: 2, defaultValue: "abc" }]),
      "4000",
      "fieldList.0.defaultValue",
    );
    refused(
      await defineFields(s, t.member.token, id, [{ fieldName: "d", fieldType: 5, defaultValue: "2026-02-30" }]),
      "4000",
      "fieldList.0.defaultValue",
    );
    refused(
      await defineFields(s, t.member.token, id, [{ fieldName: "b", fieldType: 4, defaultValue: "maybe" }]),
      "4000",
      "fieldList.0.defaultValue",
    );
    refused(
      await defineFields(s, t.member.token, id, [{ fieldName: "p", fieldType: 6 }]),
      "4000",
      "fieldList.0.fieldType",
    );
    refused(
      await defineFields(s, t.member.token, id, [{ fieldName: "n", fieldType: 1, nullableFlag: 2 }]),
      "4000",
      "fieldList.0.nullableFlag",
    );
    expect(customFields(await details(s, t.member.token, id))).toEqual([]);
  });

  it("changes anything while empty, and refuses drops and type or constraint changes once there are rows", async () => {
    const id = await tableWith(s, t.member.token, t.spaceId, [
      { fieldName: "a", fieldType: 1 },
      { fieldName: "b", fieldType: 2 },
    ]);
    let [a, b] = customFields(await details(s, t.member.token, id));
    // Empty: a type change, a rename and a swap of names all go through.
    ok(
      await defineFields(s, t.member.token, id, [
        { id: a!.id, fieldName: "b", fieldType: 3, uniqueFlag: true },
        { id: b!.id, fieldName: "a", fieldType: 2, nullableFlag: false },
      ]),
    );
    [a, b] = customFields(await details(s, t.member.token, id));
    expect([a, b]).toMatchObject([
      { fieldName: "b", fieldType: 3, uniqueFlag: true },
      { fieldName: "a", fieldType: 2, nullableFlag: false },
    ]);
    ok(await addRow(s, t.member.token, id, { a: 1, b: 2.5 }));
    expect(await details(s, t.member.token, id)).toMatchObject({ existTableDataFlag: true });
    const keep = [
      { id: a!.id, fieldName: "b", fieldType: 3, uniqueFlag: true },
      { id: b!.id, fieldName: "a", fieldType: 2, nullableFlag: false },
    ];
    for (const attempt of [
      [keep[0]!],
      [{ ...keep[0]!, fieldType: 1 }, keep[1]!],
      [keep[0]!, { ...keep[1]!, nullableFlag: true }],
      [{ ...keep[0]!, uniqueFlag: false }, keep[1]!],
    ]) {
      const res = await defineFields(s, t.member.token, id, attempt);
      refused(res, "0001");
      expect(res.message).toContain("请先清空数据");
    }
    refused(
      await defineFields(s, t.member.token, id, [...keep, { fieldName: "c", fieldType: 1, nullableFlag: false }]),
      "0001",
    );
    // Adding fields, renaming and changing descriptions and defaults stays allowed; the row keeps its data.
    ok(
      await defineFields(s, t.member.token, id, [
        { ...keep[0]!, fieldName: "price", fieldDescription: "价格" },
        keep[1]!,
        { fieldName: "c", fieldType: 1, nullableFlag: false, defaultValue: "无" },
      ]),
    );
    const [row] = (await page(s, t.member.token, id)).records;
    expect(row).toMatchObject({ price: 2.5, a: 1, c: "无" });
    ok(await s.call(`${T}/clearBusinessData/${id}`, { token: t.member.token }));
    expect(ok(await s.call(`${T}/existTableData?tableId=${id}`, { token: t.member.token }))).toBe(false);
    ok(await defineFields(s, t.member.token, id, [{ fieldName: "only", fieldType: 4 }]));
    expect(Object.keys((await physicalRows(s, id))[0] ?? {})).toEqual([]);
  });

  it("renames, copies the structure without rows, and deletes the table with its physical table", async () => {
    const id = await tableWith(s, t.member.token, t.spaceId, [{ fieldName: "k", fieldType: 1 }]);
    ok(await addRow(s, t.member.token, id, { k: "v" }));
    expect(
      ok(await s.call(`${T}/updateTableName`, { token: t.member.token, body: { id, tableName: "订单", icon: "" } })),
    ).toBe(id);
    const copy = ok<number>(await s.call(`${T}/copyTableDefinition?tableId=${id}`, { token: t.other.token, body: {} }));
    const d = await details(s, t.other.token, copy);
    expect(d).toMatchObject({ tableName: "订单副本", existTableDataFlag: false });
    expect(customFields(d).map((f) => f.fieldName)).toEqual(["k"]);
    refused(await s.call(`${T}/delete/${id}`, { token: t.other.token, body: {} }), "4030");
    ok(await s.call(`${T}/delete/${id}`, { token: t.member.token, body: {} }));
    refused(await s.call(`${T}/detailById?id=${id}`, { token: t.member.token }), "4040");
    expect(await count(s, "custom_table", sql`id = ${id}`)).toBe(0);
    expect(await count(s, "custom_table_field", sql`table_id = ${id}`)).toBe(0);
    await expect(physicalRows(s, id)).rejects.toThrow();
  });
});

describe("space deletion", () => {
  const physical = async (ids: number[]) =>
    (
      await rows<{ name: string }>(
        s,
        sql`select tablename as name from pg_tables where schemaname = 'agent_custom_table' order by 1`,
      )
    )
      .map((r) => r.name)
      .filter((name) => ids.some((id) => name === `custom_table_${id}`));

  it("drops the physical tables of the deleted space's data tables, and only those", async () => {
    const spaceId = ok<number>(await s.call("/api/space/add", { token: t.owner.token, body: { name: "临时空间" } }));
    const gone = [
      await tableWith(s, t.owner.token, spaceId, [{ fieldName: "k", fieldType: 1 }], "甲"),
      await tableWith(s, t.owner.token, spaceId, [{ fieldName: "k", fieldType: 2 }], "乙"),
    ];
    ok(await addRow(s, t.owner.token, gone[0] as number, { k: "v" }));
    const kept = await tableWith(s, t.member.token, t.spaceId, [{ fieldName: "k", fieldType: 1 }], "丙");
    expect(await physical([...gone, kept])).toHaveLength(3);
    ok(await s.call(`/api/space/delete/${spaceId}`, { token: t.owner.token, body: {} }));
    expect(await physical([...gone, kept])).toEqual([`custom_table_${kept}`]);
    expect(await count(s, "custom_table", sql`space_id = ${spaceId}`)).toBe(0);
  });
});

describe("rows", () => {
  it("adds, pages, edits and deletes rows with typed values and the author's system fields", async () => {
    const id = await tableWith(s, t.member.token, t.spaceId, fields);
    ok(
      await addRow(s, t.member.token, id, {
        name: "张三",
        score: "3.25",
        vip: true,
        birthday: "2000-01-02",
        notes: "x".repeat(1000),
      }),
    );
    ok(await addRow(s, t.other.token, id, { name: "李四", age: 30, birthday: "2001-02-03 04:05:06" }));
    const p = await page(s, t.member.token, id, 1, 1);
    expect(p).toMatchObject({ total: 2, size: 1, current: 1, pages: 2 });
    expect(p.columnDefines).toHaveLength(14);
    expect(p.records[0]).toMatchObject({
      name: "李四",
      age: 30,
      vip: false,
      birthday: "2001-02-03 04:05:06",
      uid: String(t.other.id),
      user_name: t.other.userName,
    });
    const [first] = (await page(s, t.member.token, id, 2, 1)).records;
    expect(first).toMatchObject({
      name: "张三",
      age: 18,
      score: 3.25,
      vip: true,
      birthday: "2000-01-02 00:00:00",
      agent_id: null,
    });
    expect(first!.created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const rowId = first!.id as number;
    ok(
      await s.call(`${T}/updateBusinessData`, {
        token: t.member.token,
        body: { tableId: id, rowId, rowData: { age: 40, id: 999 } },
      }),
    );
    expect((await page(s, t.member.token, id, 2, 1)).records[0]).toMatchObject({ id: rowId, name: "张三", age: 40 });
    ok(await s.call(`${T}/deleteBusinessData`, { token: t.member.token, body: { tableId: id, rowId } }));
    refused(await s.call(`${T}/deleteBusinessData`, { token: t.member.token, body: { tableId: id, rowId } }), "4040");
    expect((await page(s, t.member.token, id)).total).toBe(1);
  });

  it("refuses values of the wrong type, missing required fields, unknown fields and duplicates, writing nothing", async () => {
    const id = await tableWith(s, t.member.token, t.spaceId, fields);
    refused(await addRow(s, t.member.token, id, { name: "a", age: "x" }), "4000", "rowData.age");
    refused(await addRow(s, t.member.token, id, { name: "a", age: 2 ** 31 }), "4000", "rowData.age");
    refused(await addRow(s, t.member.token, id, { name: "a", vip: "maybe" }), "4000", "rowData.vip");
    refused(await addRow(s, t.member.token, id, { name: "a", birthday: "2026-13-01" }), "4000", "rowData.birthday");
    refused(await addRow(s, t.member.token, id, { name: "x".repeat(256) }), "4000", "rowData.name");
    refused(await addRow(s, t.member.token, id, { age: 1 }), "4000", "rowData.name");
    refused(await addRow(s, t.member.token, id, { name: "a", nope: 1 }), "4000", "rowData.nope");
    refused(
      await s.call(`${T}/addBusinessData`, {
        token: t.member.token,
        body: { tableId: id, rowData: { name: { $ne: 1 } } },
      }),
      "4000",
    );
    ok(await addRow(s, t.member.token, id, { name: "a" }));
    refused(await addRow(s, t.member.token, id, { name: "a" }), "0001");
    expect(await physicalRows(s, id)).toHaveLength(1);
  });
});
