import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyAnswer, readCache } from "./read-cache";
import { readTextId, yieldBetweenStatements } from "./yielding";

let client: PGlite;
let stats: () => { hits: number; misses: number; entries: number } | null;

const CACHEABLE = ["parent", "child", "logged"];

beforeAll(async () => {
  const queued = yieldBetweenStatements(await PGlite.create({ dataDir: "memory://" }));
  client = queued.client;
  await client.exec(`
    create table parent (id int primary key, name text);
    create table child (id int primary key, parent_id int references parent(id) on delete cascade, name text);
    create table other (id int primary key, name text);
    create table logged (id int primary key, name text);
    create table audit (name text);
    create function log_write() returns trigger language plpgsql as $$
      begin insert into audit values (new.name); update parent set name = new.name where id = 1; return new; end $$;
    create trigger logged_write after insert on logged for each row execute function log_write();
    insert into parent values (1, 'a'), (2, 'b');
    insert into child values (10, 1, 'x'), (20, 2, 'y');
    insert into other values (1, 'o');`);
  await queued.enableCache(CACHEABLE);
  stats = queued.cacheStats;
});

afterAll(() => client.close());

const parentName = async (id = 1) =>
  (await client.query<{ name: string }>(`select "name" from "parent" where "id" = $1`, [id])).rows[0]?.name;
const childCount = async () =>
  (await client.query<{ n: number }>(`select count(*)::int as n from "child" where "parent_id" = $1`, [2])).rows[0]?.n;
const hits = () => stats()?.hits ?? 0;

describe("the embedded database's read cache", () => {
  it("answers a repeated read from the cache, each caller getting its own copy", async () => {
    expect(await parentName()).toBe("a");
    const before = hits();
    const first = await client.query<{ name: string }>(`select "name" from "parent" where "id" = $1`, [1]);
    expect(hits()).toBe(before + 1);
    (first.rows[0] as { name: string }).name = "changed by a caller";
    expect(await parentName()).toBe("a");
  });

  it("reads afresh after an update, also one made in a transaction, and not after a rolled-back one", async () => {
    expect(await parentName()).toBe("a");
    await client.query(`update "parent" set "name" = $1 where "id" = $2`, ["a2", 1]);
    expect(await parentName()).toBe("a2");
    await client.transaction(async (tx) => {
      await tx.query(`update "parent" set "name" = 'a3' where "id" = 1`);
      // Inside the transaction its own write is seen, never the cached answer.
      expect((await tx.query<{ name: string }>(`select "name" from "parent" where "id" = 1`)).rows[0]?.name).toBe("a3");
    });
    expect(await parentName()).toBe("a3");
    await expect(
      client.transaction(async (tx) => {
        await tx.query(`update "parent" set "name" = 'lost' where "id" = 1`);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await parentName()).toBe("a3");
  });

  it("drops the answers of tables a delete cascades into", async () => {
    expect(await childCount()).toBe(1);
    expect(await childCount()).toBe(1);
    await client.query(`delete from "parent" where "id" = $1`, [2]);
    expect(await childCount()).toBe(0);
  });

  it("drops everything after a write to a table with a trigger, or a script", async () => {
    expect(await parentName()).toBe("a3");
    await client.query(`insert into "logged" values ($1, $2)`, [1, "set by the trigger"]);
    expect(await parentName()).toBe("set by the trigger");
    await client.exec(`update parent set name = 'set by a script' where id = 1`);
    expect(await parentName()).toBe("set by a script");
  });

  it("keeps the answers of a table whose name a write holds only in a string literal", async () => {
    const name = await parentName();
    await client.query(`insert into "other" values (2, 'parent')`);
    const before = hits();
    expect(await parentName()).toBe(name);
    expect(hits()).toBe(before + 1);
    // Where a literal's end is unclear (backslash escapes), every name in the statement counts, literals too.
    await client.query(`insert into "other" values (3, E'it\\'s the parent')`);
    expect(await parentName()).toBe(name);
    expect(hits()).toBe(before + 1);
  });

  it("drops a table's answers at every run of the same write, not only the first (names are kept per text)", async () => {
    const rename = `update "parent" set "name" = $1 where "id" = $2`;
    for (const name of ["same text 1", "same text 2", "same text 3"]) {
      await client.query(rename, [name, 1]);
      expect(await parentName()).toBe(name);
      expect(await parentName()).toBe(name);
    }
  });

  it("keeps a union read, written in parentheses as drizzle writes it, and a read of it does not drop others", async () => {
    const union = `(select "name" from "parent" where "id" = $1) union all (select "name" from "child" where "id" = $2)`;
    expect(await parentName()).toBeTruthy();
    const before = hits();
    const first = await client.query(union, [1, 10]);
    expect((await client.query(union, [1, 10])).rows).toEqual(first.rows);
    expect(await parentName()).toBeTruthy();
    expect(hits()).toBe(before + 2);
  });

  it("does not keep reads of other tables, joins with them, or reads of the clock", async () => {
    const reads = [
      `select "name" from "other" where "id" = 1`,
      `select p."name" from "parent" p join "other" o on o."id" = p."id"`,
      `select "name", now() from "parent" where "id" = 1`,
      `select * from generate_series(1, 2)`,
    ];
    for (const sql of reads) await client.query(sql);
    const before = hits();
    for (const sql of reads) await client.query(sql);
    expect(hits()).toBe(before);
    await client.query(`update "other" set "name" = 'o2' where "id" = 1`);
    expect((await client.query<{ name: string }>(reads[0] as string)).rows[0]?.name).toBe("o2");
  });

  it("keeps answers apart by their parameters and row mode (a text is named by a number kept per text)", async () => {
    await client.query(`insert into "parent" values (7, 'seven'), (8, 'eight')`);
    const read = `select "id", "name" from "parent" where "id" = $1`;
    const asObjects = async (id: number) => (await client.query(read, [id])).rows;
    const asArrays = async (id: number) => (await client.query(read, [id], { rowMode: "array" })).rows;
    for (let round = 0; round < 2; round++) {
      expect(await asObjects(7)).toEqual([{ id: 7, name: "seven" }]);
      expect(await asArrays(7)).toEqual([[7, "seven"]]);
      expect(await asObjects(8)).toEqual([{ id: 8, name: "eight" }]);
    }
    expect(readTextId(read)).toBe(readTextId(read));
    expect(readTextId(`select "name" from "parent" where "id" = $1`)).not.toBe(readTextId(read));
    for (const other of [
      `update "parent" set "name" = 'c'`,
      `select * from "parent" for update`,
      "select nextval('s')",
    ])
      expect(readTextId(other)).toBeNull();
  });

  it("does not keep a read whose text is too long to be kept per text (its key would differ at every call)", async () => {
    const long = `select "name" from "parent" where "id" = $1 -- ${"z".repeat(70_000)}`;
    const before = stats()?.entries ?? 0;
    for (let i = 0; i < 3; i++) expect((await client.query(long, [1])).rows).toHaveLength(1);
    expect(stats()?.entries).toBe(before);
  });

  it("names a text forgotten and seen again anew, so no key of the old number can answer another text", () => {
    const first = readTextId(`select 'forgotten'`);
    for (let i = 0; i < 2_500; i++) readTextId(`select ${i}`);
    const again = readTextId(`select 'forgotten'`);
    expect(again).not.toBe(first);
    expect(again).toBeGreaterThan(readTextId(`select 2499`) as number);
  });

  it("copies an answer as structuredClone does, for every kind of value a row holds", async () => {
    const answer = await client.query<Record<string, any>>(
      `select 1::int as i, 9007199254740993::bigint as b, 1.5::numeric as n, 2.5::float8 as f, 'x'::text as t,
              true as yes, null::text as nothing, '2026-11-27T10:00:00Z'::timestamptz as at, '2026-11-27'::date as d,
              '\\x0102ff'::bytea as bytes, array[1, 2]::int[] as ints, array['a', null]::text[] as texts,
              '{"a": [1, {"b": null}], "__proto__": {"polluted": true}}'::jsonb as j, '[1, "2"]'::jsonb as list,
              gen_random_uuid() as id`,
    );
    const copy = copyAnswer(answer);
    expect(copy).toStrictEqual(structuredClone(answer));
    const [row, original] = [copy.rows[0], answer.rows[0]];
    for (const name of ["at", "d", "bytes", "ints", "j", "list"]) expect(row?.[name]).not.toBe(original?.[name]);
    expect(row?.bytes).toBeInstanceOf(Uint8Array);
    expect(row?.at).toBeInstanceOf(Date);
    // A JSON key "__proto__" stays an own key; no prototype is set from data.
    expect(Object.keys(row?.j)).toEqual(["a", "__proto__"]);
    expect(Object.getPrototypeOf(row?.j)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    row?.j.a.push(3);
    expect(original?.j.a).toHaveLength(2);
  });
});

describe("a write in flight (PostgreSQL: another pooled connection, a transaction not yet ended)", () => {
  const schema = { cascades: new Map([["parent", ["child"]]]), triggered: new Set(["logged"]) };
  const read = (cache: ReturnType<typeof readCache>, key: string, table: string) => {
    const stamp = cache.stamp([table]);
    cache.set(key, [table], stamp, { rows: [key] });
    return cache.get(key) !== null;
  };

  it("keeps no read of what it may touch (cascades too) until it has ended, and drops what was kept before", () => {
    const cache = readCache(schema, CACHEABLE);
    expect(read(cache, "p1", "parent")).toBe(true);
    expect(read(cache, "o1", "other")).toBe(false); // not cacheable here
    const done = cache.writing(`update "parent" set "name" = 'x'`);
    expect(cache.get("p1")).toBeNull();
    expect(read(cache, "p2", "parent")).toBe(false);
    expect(read(cache, "c1", "child")).toBe(false);
    expect(read(cache, "l1", "logged")).toBe(true);
    // A read stamped while the write ran, answered after it ended, is not kept either.
    const stamp = cache.stamp(["parent"]);
    done();
    cache.set("p3", ["parent"], stamp, { rows: [] });
    expect(cache.get("p3")).toBeNull();
    expect(read(cache, "p4", "parent")).toBe(true);
    expect(read(cache, "c2", "child")).toBe(true);
  });

  it("counts writes of one table apart, ends each once, and holds every table for a write it cannot read", () => {
    const cache = readCache(schema, CACHEABLE);
    const first = cache.writing(`insert into "child" values (1)`);
    const second = cache.writing(`delete from "child"`);
    first();
    first();
    expect(read(cache, "c1", "child")).toBe(false);
    second();
    expect(read(cache, "c2", "child")).toBe(true);
    const unknown = cache.writing(`insert into "logged" values (1)`);
    expect(read(cache, "p1", "parent")).toBe(false);
    unknown();
    expect(read(cache, "p2", "parent")).toBe(true);
    const nothing = cache.writing(`select 1`);
    expect(read(cache, "p2", "parent")).toBe(true);
    nothing();
  });
});
