import { existsSync } from "node:fs";
import path from "node:path";
import { PassThrough } from "node:stream";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createApi } from "#server/api/app";
import { tableWorkflowService } from "#server/modules/table";
import { guardSql } from "#server/runtime/table/sql-statement";
import { webLoadContext } from "#server/web-context";
import { startServer, type TestServer } from "../tests/support/server";
import { ms, percentile, table } from "./lib";

/**
 * Data tables (issue 14's Measure section): an .xlsx import of ROWS rows over HTTP (seconds, peak RSS growth of
 * the process), the data grid at that size — the API page request and, with a web build (`npm run build`), the
 * server render of the 表数据 page — and a TableSQL statement against the same query run directly. Printed
 * figures, never pass/fail. `NODE_ENV=production npm run bench table` for the render figure.
 */
const ROWS = Number(process.env.BENCH_TABLE_ROWS ?? 100_000);
const RUNS = 100;
const FIELDS = [
  { fieldName: "name", fieldType: 1 },
  { fieldName: "score", fieldType: 2 },
  { fieldName: "price", fieldType: 3 },
  { fieldName: "day", fieldType: 5 },
];

async function timed(runs: number, call: () => unknown) {
  for (let i = 0; i < 10; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return times;
}

const figures = (times: number[]) => [ms(percentile(times, 50)), ms(percentile(times, 95))];

/** The .xlsx to import, written with exceljs's streaming writer (a 100 000-row workbook object is not needed). */
async function sheetBytes(rows: number) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c: Buffer) => chunks.push(c));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet("Sheet1");
  sheet.addRow(FIELDS.map((f) => f.fieldName)).commit();
  for (let i = 0; i < rows; i++) sheet.addRow([`用户${i}`, i % 1000, i / 7, "2026-01-02 03:04:05"]).commit();
  sheet.commit();
  await workbook.commit();
  return new Uint8Array(Buffer.concat(chunks));
}

async function benchImport(s: TestServer, token: string, id: number) {
  const bytes = await sheetBytes(ROWS);
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
    headers: { authorization: `Bearer ${token}` },
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
}

/** The 表数据 page rendered by the web build in-process, as `npm start` serves it; null without a build. */
async function pageRenderer(s: TestServer, token: string) {
  const file = path.resolve("build/server/index.js");
  if (!existsSync(file)) return null;
  // The build renders with production React: run the bench with NODE_ENV=production (React must not have been
  // loaded in development mode before the build is).
  const handler = createRequestHandler((await import(file)) as ServerBuild, "production");
  const loadContext = webLoadContext(s.deps.config);
  const api = createApi(s.deps);
  const apiFetch = async (inner: Request) => api.fetch(inner, { internalIp: "127.0.0.1" });
  return async (url: string) => {
    const request = new Request(`${s.url}${url}`, { headers: { cookie: `ticket=${token}` } });
    const res = await handler(request, loadContext(request, apiFetch));
    const html = await res.text();
    if (res.status !== 200 || !html.includes("用户")) throw new Error(`render ${url}: HTTP ${res.status}`);
  };
}

async function benchGrid(s: TestServer, token: string, spaceId: number, id: number) {
  const pageOf = (size: number) => 1 + Math.floor(Math.random() * Math.floor(ROWS / size));
  const api = await timed(RUNS, () =>
    s.call(`/api/compose/db/table/getTableDataById?tableId=${id}&pageNo=${pageOf(20)}&pageSize=20`, { token }),
  );
  const rows = [["API page request (20 rows)", ...figures(api)]];
  const render = await pageRenderer(s, token);
  if (render) {
    try {
      const times = await timed(RUNS, () => render(`/space/${spaceId}/table/${id}?tab=data&page=${pageOf(10)}`));
      rows.push(["表数据 page server render (10 rows)", ...figures(times)]);
    } catch (err) {
      rows.push(["表数据 page server render", `failed: ${(err as Error).message}`, "—"]);
    }
  } else rows.push(["表数据 page server render", "no web build", "—"]);
  table(`data grid at ${ROWS} rows (random pages)`, ["what", "p50", "p95"], rows);
}

/**
 * The same SELECT three ways: straight on the physical table; the guard alone (parse, check, rewrite, print —
 * no database); and the TableSQL node's path, which the agent's SQL tool shares (guard, then a transaction with
 * the statement timeout and the restricted role). `{{score}}` is bound as a parameter, as a node's argument is.
 */
async function benchSql(s: TestServer, user: { id: number; userName: string }, spaceId: number, id: number) {
  const found = (await s.deps.db.execute(sql`select tenant_id from custom_table where id = ${id}`)) as unknown as {
    rows: { tenant_id: number }[];
  };
  const caller = { tenantId: Number(found.rows[0]?.tenant_id), spaceId, userId: user.id, userName: user.userName };
  const node = tableWorkflowService(s.deps, { ...caller, nickName: null });
  const text = "select name, score from 压测 where score = {{score}} order by id limit 20";
  const physical = `agent_custom_table.custom_table_${id}`;
  const direct = await timed(RUNS, () =>
    s.deps.db.execute(sql`select name, score from ${sql.raw(physical)} where score = ${500} order by id limit 20`),
  );
  const columns = ["id", "uid", "user_name", "nick_name", "agent_id", "agent_name", "created", "modified"];
  const guard = await timed(RUNS, () =>
    guardSql({
      sql: text,
      tableId: id,
      columns: [...columns, ...FIELDS.map((f) => f.fieldName)],
      args: { score: 500 },
    }),
  );
  const viaNode = await timed(RUNS, () => node.execute(id, text, { score: 500 }));
  const d50 = percentile(direct, 50);
  table(
    `TableSQL vs the same query run directly (${ROWS} rows, 20 returned)`,
    ["path", "p50", "p95", "p50 overhead"],
    [
      ["direct (db.execute on the physical table)", ...figures(direct), "—"],
      ["guard only (parse + check + rewrite, no database)", ...figures(guard), "—"],
      ["TableSQL node (guard + transaction, timeout, role)", ...figures(viaNode), ms(percentile(viaNode, 50) - d50)],
    ],
  );
}

export async function benchTable() {
  const s = await startServer();
  try {
    const u = await s.newUser();
    const spaces = (await s.call("/api/space/list", { token: u.token })).data as { id: number; type: string }[];
    const spaceId = spaces.find((x) => x.type === "Personal")!.id;
    const add = await s.call("/api/compose/db/table/add", { token: u.token, body: { spaceId, tableName: "压测" } });
    const id = add.data as number;
    await s.call("/api/compose/db/table/updateTableDefinition", { token: u.token, body: { id, fieldList: FIELDS } });
    await benchImport(s, u.token, id);
    await benchGrid(s, u.token, spaceId, id);
    await benchSql(s, u, spaceId, id);
  } finally {
    await s.close();
  }
}
