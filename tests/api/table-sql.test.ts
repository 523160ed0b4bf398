import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../server/core";
import { executeTableSql, type TableCaller } from "../../server/modules/table";
import { ok, type Team, team } from "../support/agents";
import { count, rows } from "../support/helpers";
import { startServer, type TestServer } from "../support/server";
import { addRow, physicalRows, tableWith } from "./table-support";

let s: TestServer;
let t: Team;
let tableId: number;
let secretId: number;
let member: TableCaller;
let other: TableCaller;

beforeAll(async () => {
  s = await startServer();
  t = await team(s);
  tableId = await tableWith(
    s,
    t.member.token,
    t.spaceId,
    [
      { fieldName: "name", fieldType: 1 },
      { fieldName: "score", fieldType: 2 },
    ],
    "订单",
  );
  secretId = await tableWith(s, t.member.token, t.spaceId, [{ fieldName: "secret", fieldType: 1 }], "机密");
  ok(await addRow(s, t.member.token, secretId, { secret: "TOPSECRET" }));
  ok(await addRow(s, t.member.token, tableId, { name: "mine", score: 1 }));
  ok(await addRow(s, t.other.token, tableId, { name: "THEIRS", score: 2 }));
  const caller = (u: { id: number; userName: string }): TableCaller => ({
    tenantId: 1,
    spaceId: t.spaceId,
    userId: u.id,
    userName: u.userName,
    nickName: null,
  });
  member = caller(t.member);
  other = caller(t.other);
});
afterAll(() => s.close());

const asMember = { column: "uid", value: "" };
/** Runs as `member`, bound to member's rows: the answer, or the refusal's message. */
async function run(text: string, args: Record<string, unknown> = {}) {
  try {
    return {
      ok: true as const,
      ...(await executeTableSql(s.deps, member, {
        tableId,
        sql: text,
        args,
        binding: [{ ...asMember, value: String(member.userId) }],
      })),
    };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    expect(err.code).toBe("0001");
    return { ok: false as const, message: err.message };
  }
}

const state = async () => ({
  rows: await physicalRows(s, tableId),
  secret: await physicalRows(s, secretId),
  users: await count(s, "user"),
  tables: await count(s, "custom_table"),
});

describe("table SQL", () => {
  it("runs SELECT/INSERT/UPDATE/DELETE on the bound table by its display name, with bound placeholders", async () => {
    const res = await run("select name, score from 订单 where score >= {{min}} order by score", { min: 0 });
    expect(res).toMatchObject({ ok: true, kind: "select", rows: [{ name: "mine", score: 1 }] });
    expect(await run("insert into 订单 (name, score) values ({{n}}, 5)", { n: "新" })).toMatchObject({
      ok: true,
      rowCount: 1,
    });
    const [added] = (await physicalRows(s, tableId)).filter((r) => r.name === "新");
    expect(added).toMatchObject({ uid: String(member.userId), user_name: member.userName });
    expect(await run("update anything set score = score + 1 where name = '新'")).toMatchObject({ rowCount: 1 });
    expect(await run("delete from 订单 where name like '%' || {{kw}}", { kw: "新" })).toMatchObject({ rowCount: 1 });
    expect(await run("select count(*) as n from t where name like '%{{kw}}%'", { kw: "in" })).toMatchObject({
      rows: [{ n: 1 }],
    });
  });

  it("holds every read and write to the binding: another user's rows are neither seen nor changed", async () => {
    const seen = await run("select name from t union select name from t where 1 = 1 or uid <> uid");
    expect(seen).toMatchObject({ ok: true, rows: [{ name: "mine" }] });
    expect(await run("select name from t where exists (select 1 from t x where x.name = 'THEIRS')")).toMatchObject({
      rows: [],
    });
    expect(await run("update t set score = 99 where 1 = 1")).toMatchObject({ rowCount: 1 });
    expect(await run("delete from t where name = 'THEIRS'")).toMatchObject({ rowCount: 0 });
    expect((await run("update t set uid = 'x'")).ok).toBe(false);
    expect((await run("insert into t (uid, name) values ('9', 'x')")).ok).toBe(false);
    const theirs = (await physicalRows(s, tableId)).find((r) => r.name === "THEIRS");
    expect(theirs).toMatchObject({ score: 2, uid: String(other.userId) });
  });

  it("caps a SELECT at 1000 rows", async () => {
    const many = Array.from({ length: 1005 }, (_, i) => `('r${i}', ${i})`).join(", ");
    expect(await run(`insert into t (name, score) values ${many}`)).toMatchObject({ rowCount: 1005 });
    expect((await run("select id from t")) as { rows: unknown[] }).toMatchObject({ rows: expect.any(Array) });
    expect(((await run("select id from t")) as { rows: unknown[] }).rows).toHaveLength(1000);
    expect(((await run("select id from t limit 5000")) as { rows: unknown[] }).rows).toHaveLength(1000);
    expect(((await run("select id from t union all select id from t")) as { rows: unknown[] }).rows).toHaveLength(1000);
    expect(((await run("select id from t limit 3")) as { rows: unknown[] }).rows).toHaveLength(3);
    await run("delete from t where name like 'r%'");
  });

  it("refuses more than 1000 bound values before parsing, and the database keeps answering", async () => {
    // The parser's time grows quickly with a list, and PGlite fails past 32 767 parameters.
    const text = `select name from t where score in (${Array(40).fill("{{ids}}").join(", ")})`;
    const res = await run(text, { ids: Array.from({ length: 1000 }, (_, i) => i) });
    expect(res).toMatchObject({ ok: false, message: expect.stringContaining("参数值过多") });
    expect(await run("select name from t where name = 'mine'")).toMatchObject({ ok: true, rows: [{ name: "mine" }] });
  });

  const catalogue: [string, Record<string, unknown>?][] = [
    ["select * from t; drop table t"],
    ["select * from t; select * from 机密"],
    ["select 1 /* */; delete from t"],
    ["select * from t -- ; drop table t"],
    ["select name from t union select secret from 机密"],
    ['select name from t union select password_hash from "user"'],
    ["select relname from pg_catalog.pg_class"],
    ["select * from pg_class"],
    ["select * from information_schema.tables"],
    ["select * from agent_custom_table.custom_table_1"],
    ["select * from public.user"],
    ["select pg_sleep(10)"],
    ["select * from t where 1 = (select 1 from pg_sleep(5))"],
    ["select * from generate_series(1, 100000000)"],
    ["copy t to '/tmp/x'"],
    ["copy (select * from t) to program 'id'"],
    ["set role postgres"],
    ["set statement_timeout = 0"],
    ["reset all"],
    ["drop table t"],
    ["truncate t"],
    ["create table x (a int)"],
    ["alter table t add column x int"],
    ["grant all on t to public"],
    ["select pg_read_file('/etc/passwd')"],
    ["select lo_import('/etc/passwd')"],
    ["select current_setting('data_directory')"],
    ["select set_config('role', 'postgres', false)"],
    ["select version()"],
    ["select current_user"],
    ["select 'pg_class'::regclass"],
    ["select * from t for update"],
    ["insert into t (name) select secret from 机密"],
    ["with x as (delete from t returning *) select * from x"],
    ["do $$ begin perform pg_sleep(1); end $$"],
    ["explain analyze select * from t"],
    ["vacuum"],
    ["notify x"],
    ["select * from t, t a, t b, t c, t d"],
    ["select * from t where name = $1"],
    ["select * from t where name = {{v}}", { v: "' or '1'='1" }],
    ["select * from t where name = '{{v}}'", { v: "x' or '1'='1" }],
    ["select * from t where name = {{v}}", { v: "x'; drop table t; --" }],
    ["select * from t where name = ${{v}}", { v: "1 or 1=1" }],
    ["select * from t where name = {{v}}", { v: { toString: "x" } }],
    ["select * from t where name = 'a\\'; drop table t; --'"],
    ["select * from t where score in ({{ids}})", { ids: ["1) or (1=1", 2] }],
    ["select chr(39) || 'x'"],
    ['select * from "agent_custom_table"."custom_table_1"'],
    ["update t set name = (select secret from 机密 limit 1)"],
  ];

  it(`refuses or defuses an injection catalogue of ${catalogue.length} attempts`, async () => {
    const [{ who } = { who: "" }] = await rows<{ who: string }>(s, sql`select current_user as who`);
    const before = await state();
    const outcomes: string[] = [];
    for (const [text, args] of catalogue) {
      const res = await run(text, args);
      const answer = JSON.stringify(res);
      expect(answer, text).not.toContain("TOPSECRET");
      expect(answer, text).not.toContain("THEIRS");
      expect(answer, text).not.toMatch(/\$argon2|\/bin\/|root:/);
      if (res.ok)
        expect(
          res.rows.every((r) => !("uid" in r) || r.uid === String(member.userId)),
          text,
        ).toBe(true);
      outcomes.push(res.ok ? "ran" : "refused");
    }
    const after = await state();
    // Only the two harmless self-updates may touch the member's own row; everything else is as it was.
    expect(after.secret).toEqual(before.secret);
    expect(after.users).toBe(before.users);
    expect(after.tables).toBe(before.tables);
    expect(after.rows.find((r) => r.name === "THEIRS")).toEqual(before.rows.find((r) => r.name === "THEIRS"));
    expect(after.rows.length).toBe(before.rows.length);
    expect(await rows<{ who: string }>(s, sql`select current_user as who`)).toEqual([{ who }]);
    expect(outcomes.filter((o) => o === "refused").length).toBeGreaterThanOrEqual(35);
  });
});
