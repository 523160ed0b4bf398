import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { namedStatements } from "./named-statements";

let client: PGlite;
let query: PGlite["query"];

beforeAll(async () => {
  client = await PGlite.create({ dataDir: "memory://" });
  await client.exec(`
    create table item (id int primary key, name text not null unique, tags int[] not null default '{}',
      data jsonb not null default '{}', at timestamptz not null default '2026-01-02T03:04:05Z');
    insert into item (id, name, tags, data) values (1, 'a', '{1,2}', '{"k": [1, "x"]}'), (2, 'b', '{}', '{}');`);
  query = namedStatements(client);
});

afterAll(() => client.close());

const named = async () =>
  (await client.query<{ name: string }>("select name from pg_prepared_statements order by name")).rows.map(
    (r) => r.name,
  );

describe("named statements on the embedded database", () => {
  it("answers a repeated text as a named statement, with the rows, types and options PGlite's query gives", async () => {
    const text = `select id, name, tags, data, at from item where id = any($1) order by id`;
    const expected = await client.query(text, [[1, 2]]);
    const first = await query(text, [[1, 2]]);
    expect(await named()).toEqual([]);
    const second = await query(text, [[1, 2]]);
    expect(await named()).toHaveLength(1);
    for (const result of [first, second]) {
      expect(result.rows).toEqual(expected.rows);
      expect(result.fields).toEqual(expected.fields);
    }
    expect(second.rows[0]).toMatchObject({ tags: [1, 2], data: { k: [1, "x"] } });
    expect((second.rows[0] as { at: Date }).at).toBeInstanceOf(Date);
    const asArrays = await query(text, [[2]], { rowMode: "array" });
    expect(asArrays.rows).toEqual([[2, "b", [], {}, new Date("2026-01-02T03:04:05Z")]]);
    const parsed = await query(text, [[2]], { parsers: { 1184: (value: string) => `at ${value}` } });
    expect((parsed.rows[0] as { at: string }).at).toMatch(/^at 2026-01-02/);
  });

  it("writes with serialised parameters and reports a failed statement with its code, changing nothing", async () => {
    const insert = `insert into item (id, name, tags, data) values ($1, $2, $3, $4) returning id`;
    for (const id of [3, 4]) {
      const result = await query(insert, [id, `n${id}`, [id], { id }]);
      expect(result.rows).toEqual([{ id }]);
    }
    await expect(query(insert, [5, "n3", [], {}])).rejects.toMatchObject({ code: "23505" });
    expect((await client.query(`select count(*)::int as n from item`)).rows).toEqual([{ n: 4 }]);
    // The engine is in a clean state after the failure: the next statement runs.
    expect((await query(insert, [5, "n5", [], {}])).rows).toEqual([{ id: 5 }]);
    expect((await client.query(`select data from item where id = 4`)).rows).toEqual([{ data: { id: 4 } }]);
  });

  it("reports a syntax error as the ordinary query does, every time", async () => {
    for (let i = 0; i < 3; i++) await expect(query(`selec 1`)).rejects.toMatchObject({ code: "42601" });
  });

  it("runs the text afresh when the table it reads changed shape after it was named", async () => {
    const text = `select * from item where id = $1`;
    await query(text, [1]);
    await query(text, [1]);
    await client.exec(`alter table item add column extra text not null default 'new'`);
    expect((await query(text, [1])).rows[0]).toMatchObject({ id: 1, extra: "new" });
  });

  it("leaves a text over 64 000 characters unnamed, and closes the oldest once two million characters are named", async () => {
    const before = (await named()).length;
    const padded = (n: number, length: number) => `select ${n} as n -- ${"z".repeat(length)}`;
    for (let k = 0; k < 2; k++) expect((await query(padded(7, 70_000))).rows).toEqual([{ n: 7 }]);
    expect(await named()).toHaveLength(before);
    for (let i = 0; i < 40; i++)
      for (let k = 0; k < 2; k++) expect((await query(padded(i, 60_000))).rows).toEqual([{ n: i }]);
    const added = (await named()).length - before;
    expect(added).toBeGreaterThanOrEqual(30);
    expect(added).toBeLessThanOrEqual(33);
  });

  it("refuses a named statement once the database is closed, without handing the engine anything", async () => {
    const own = await PGlite.create({ dataDir: "memory://" });
    const ownQuery = namedStatements(own);
    const text = "select 1 as one";
    await ownQuery(text);
    await ownQuery(text);
    await own.close();
    // PGlite's protocol API spins forever on a closed engine: it must not be reached.
    own.execProtocolStream = () => {
      throw new Error("protocol message sent to a closed engine");
    };
    await expect(ownQuery(text)).rejects.toThrow("PGlite is closed");
  });
});
