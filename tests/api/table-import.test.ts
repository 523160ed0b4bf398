import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Team, team } from "../support/agents";
import { startServer, type TestServer } from "../support/server";
import { importFile, page, physicalRows, T, tableWith, xlsxOf } from "./table-support";

/** .xlsx import (every row checked first, a row/field/reason report, nothing imported on error) and export. */
let s: TestServer;
let t: Team;
beforeAll(async () => {
  s = await startServer();
  t = await team(s);
});
afterAll(() => s.close());

const fields = [
  { fieldName: "name", fieldType: 1, fieldDescription: "姓名", nullableFlag: false, uniqueFlag: true },
  { fieldName: "age", fieldType: 2, defaultValue: "18" },
  { fieldName: "score", fieldType: 3 },
  { fieldName: "vip", fieldType: 4 },
  { fieldName: "day", fieldType: 5 },
];
const newTable = () => tableWith(s, t.member.token, t.spaceId, fields);

describe("import", () => {
  it("imports a 10 000-row file in one go, every row with the importer as author", async () => {
    const id = await newTable();
    const sheet = [["name", "age", "score", "vip", "day"]];
    for (let i = 1; i <= 10_000; i++)
      sheet.push([`用户${i}`, i % 90, i / 4, i % 2 === 0, "2026-01-02 03:04:05"] as never);
    const answer = await importFile(s, t.member.token, id, await xlsxOf(sheet));
    expect(answer.code, answer.message).toBe("0000");
    expect(answer.data).toMatchObject({ totalRows: 10_000, importedRows: 10_000, errorCount: 0, errors: [] });
    const first = await page(s, t.member.token, id, 1, 2);
    expect(first.total).toBe(10_000);
    expect(first.records[0]).toMatchObject({
      name: "用户10000",
      age: 10_000 % 90,
      score: 2500,
      vip: true,
      day: "2026-01-02 03:04:05",
      uid: String(t.member.id),
    });
  }, 120_000);

  it("reports every bad row with its number, field and reason, and imports nothing", async () => {
    const id = await newTable();
    const sheet = [
      ["姓名", "age", "vip", "day"],
      ["张三", 30, "是", "2026-03-04"],
      ["李四", "三十", true, null],
      [null, 20, false, null],
      ["张三", 40, "否", "2026-02-30"],
      ["王五", null, "也许", null],
    ];
    const answer = await importFile(s, t.member.token, id, await xlsxOf(sheet));
    expect(answer.code).toBe("0001");
    expect(answer.message).toBe("第 3 行“age”：必须是整数（共 5 处错误，未导入任何数据）");
    expect(answer.data).toMatchObject({ totalRows: 5, importedRows: 0, errorCount: 5 });
    expect(answer.data.errors).toEqual([
      { row: 3, field: "age", reason: "必须是整数" },
      { row: 4, field: "name", reason: "不能为空" },
      { row: 5, field: "day", reason: "必须是日期（YYYY-MM-DD HH:mm:ss）" },
      { row: 5, field: "name", reason: "与第 2 行重复（唯一字段）" },
      { row: 6, field: "vip", reason: "必须是 true 或 false" },
    ]);
    expect(await physicalRows(s, id)).toEqual([]);

    // The same file without its bad rows goes in.
    const good = await importFile(s, t.member.token, id, await xlsxOf([sheet[0]!, sheet[1]!, ["王五", null, "否"]]));
    expect(good.code, good.message).toBe("0000");
    const rows = await physicalRows(s, id);
    expect(rows.map((r) => [r.name, r.age, r.vip])).toEqual([
      ["张三", 30, true],
      ["王五", null, false],
    ]);
  });

  it("refuses .xls files, by name or by content, with the way out", async () => {
    const id = await newTable();
    const biff = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    for (const [bytes, name] of [
      [biff, "客户.xls"],
      [biff, "改了名的.xlsx"],
      [await xlsxOf([["name"], ["a"]]), "旧格式.XLS"],
    ] as const) {
      const answer = await importFile(s, t.member.token, id, bytes as Uint8Array<ArrayBuffer>, name);
      expect(answer.code).toBe("4000");
      expect(answer.data.fieldErrors.file).toEqual(["不支持 .xls 文件，请在 Excel 中另存为 .xlsx 后再导入"]);
    }
    const csv = await importFile(s, t.member.token, id, new TextEncoder().encode("name\na\n"), "rows.csv");
    expect(csv.data.fieldErrors.file).toEqual(["仅支持 .xlsx 文件"]);
    const junk = await importFile(s, t.member.token, id, new TextEncoder().encode("not a zip"), "rows.xlsx");
    expect(junk.data.fieldErrors.file).toEqual(["文件无法读取，请上传有效的 .xlsx 文件"]);
    const noHeader = await importFile(
      s,
      t.member.token,
      id,
      await xlsxOf([
        ["其他", "列"],
        [1, 2],
      ]),
    );
    expect(noHeader).toMatchObject({ code: "0001", message: "表头没有与字段名对应的列：第一行应为字段名" });
    expect(await physicalRows(s, id)).toEqual([]);
  });
});

describe("export", () => {
  it("writes the system columns and the fields, one row per record, values as stored", async () => {
    const id = await newTable();
    const sheet = [
      ["name", "score", "vip", "day"],
      ...Array.from({ length: 30 }, (_, i) => [`行${i}`, i + 0.5, i % 3 === 0, "2026-05-06 07:08:09"]),
    ];
    expect((await importFile(s, t.member.token, id, await xlsxOf(sheet))).code).toBe("0000");
    const res = await fetch(`${s.url}${T}/exportExcel/${id}`, {
      headers: { authorization: `Bearer ${t.other.token}` },
    });
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    expect(res.headers.get("content-disposition")).toContain(`table-${id}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await res.arrayBuffer()) as never);
    const out: unknown[][] = [];
    workbook.worksheets[0]?.eachRow((row) => {
      out.push((row.values as unknown[]).slice(1));
    });
    expect(out[0]).toEqual([
      "id",
      "uid",
      "user_name",
      "nick_name",
      "agent_id",
      "agent_name",
      "created",
      "modified",
      "name",
      "age",
      "score",
      "vip",
      "day",
    ]);
    expect(out).toHaveLength(31);
    const byName = new Map(out.slice(1).map((r) => [r[8], r]));
    expect(byName.get("行3")?.slice(9)).toEqual([18, 3.5, true, "2026-05-06 07:08:09"]);
    expect(byName.get("行3")?.[1]).toBe(String(t.member.id));
  });
});
