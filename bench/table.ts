import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { executeTableSql } from "#server/modules/table";
import { startServer } from "../tests/support/server";
import { ms, percentile, table } from "./lib";

/**
 * Data tables: an .xlsx import of ROWS rows over HTTP (seconds, peak RSS growth of the process), the data grid's
 * page request at that size (p50/p95), and TableSQL's guard (parse, rewrite, bound role, timeout) against the same
 * query run directly. Printed figures, never pass/fail.
 */
const ROWS = Number(process.env.BENCH_TABLE_ROWS ?? 100_000);
const RUNS = 100;

async function timed(runs: number, call: () => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return times;
}

export async function benchTable() {
  const s = await startServer();
  try {
    const u = await s.newUser();
    const spaces = (await s.call("/api/space/list", { token: u.token })).data as { id: number; type: string }[];
    const spaceId = spaces.find((x) => x.type === "Personal")!.id;
    const id = (await s.call("/api/compose/db/table/add", { token: u.token, body: { spaceId, tableName: "压测" } }))
      .data as number;
    const fields = [
      { fieldName: "name", fieldType: 1 },
      { fieldName: "score", fieldType: 2 },
      { fieldName: "price", fieldType: 3 },
      { fieldName: "day", fieldType: 5 },
    ];
    await s.call("/api/compose/db/table/updateTableDefinition", { token: u.token, body: { id, fieldList: fields } });
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Sheet1");
    sheet.addRow(fields.map((f) => f.fieldName));
    for (let i = 0; i < ROWS; i++) sheet.addRow([`用户${i}`, i % 1000, i / 7, "2026-01-02 03:04:05"]);
    const bytes = new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const form = new FormData();
    form.set("file", new File([bytes], "rows.xlsx"));
    const started = performance.now();
    const res = await fetch(`${s.url}/api/compose/db/table/importExcel/${id}`, {
      method: "POST",
      headers: { authorization: `Bearer ${u.token}` },
      body: form,
    });
    const answer = (await res.json()) as { code: string; message: string };
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    table(
      "data table import (.xlsx over HTTP)",
      ["rows", "file", "result", "seconds", "peak RSS growth"],
      [
        [
          ROWS,
          `${(bytes.length / 1024 / 1024).toFixed(1)} MB`,
          answer.code === "0000" ? "ok" : answer.message,
          seconds.toFixed(1),
          `${((peak - baseline) / 1024 / 1024).toFixed(0)} MB`,
        ],
      ],
    );

    const pages = Math.floor(ROWS / 20);
    const grid = await timed(RUNS, () =>
      s.call(
        `/api/compose/db/table/getTableDataById?tableId=${id}&pageNo=${1 + Math.floor(Math.random() * pages)}&pageSize=20`,
        { token: u.token },
      ),
    );
    table(
      `data grid page (20 rows) at ${ROWS} rows`,
      ["p50", "p95"],
      [[ms(percentile(grid, 50)), ms(percentile(grid, 95))]],
    );

    // A fresh (unseeded-snapshot) database may number its default tenant otherwise: read the table's own.
    const found = (await s.deps.db.execute(sql`select tenant_id from custom_table where id = ${id}`)) as unknown as {
      rows: { tenant_id: number }[];
    };
    const tenantId = Number(found.rows[0]?.tenant_id);
    const caller = { tenantId, spaceId, userId: u.id, userName: u.userName, nickName: null };
    const text = "select name, score from 压测 where score = 500 order by id limit 20";
    const viaNode = await timed(RUNS, () => executeTableSql(s.deps, caller, { tableId: id, sql: text }));
    const direct = await timed(RUNS, () =>
      s.deps.db.execute(
        sql.raw(`select name, score from agent_custom_table.custom_table_${id} where score = 500 order by id limit 20`),
      ),
    );
    table(
      "TableSQL guard vs the same query run directly",
      ["path", "p50", "p95"],
      [
        ["direct", ms(percentile(direct, 50)), ms(percentile(direct, 95))],
        ["TableSQL (guard + role + timeout)", ms(percentile(viaNode, 50)), ms(percentile(viaNode, 95))],
      ],
    );
  } finally {
    await s.close();
  }
}
