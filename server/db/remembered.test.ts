import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { remembered, yieldBetweenStatements } from "./yielding";

let client: PGlite;

beforeAll(async () => {
  const queued = yieldBetweenStatements(await PGlite.create({ dataDir: "memory://" }));
  client = queued.client;
  await client.exec(`
    create table parent (id int primary key, name text);
    create table child (id int primary key, parent_id int references parent(id) on delete cascade, name text);
    create table other (id int primary key, name text);
    insert into parent values (1, 'a');
    insert into child values (10, 1, 'x');
    insert into other values (1, 'o');`);
  await queued.enableCache(["parent", "child"]);
});

afterAll(() => client.close());

/** A value computed from two reads, counting how often it is computed. */
function counted(key: string, tables: string[], read = `select "name" from "child" where "parent_id" = 1`) {
  let computed = 0;
  const value = () =>
    remembered(client, key, tables, async () => {
      computed += 1;
      const parent = (await client.query<{ name: string }>(`select "name" from "parent" where "id" = 1`)).rows[0];
      const child = (await client.query<{ name: string }>(read)).rows[0];
      return { names: [parent?.name, child?.name] };
    });
  return { value, computed: () => computed };
}

describe("values remembered in the read cache", () => {
  it("are computed once, each caller getting its own copy, and afresh after a write to a table they read", async () => {
    const names = counted("names", ["parent", "child"]);
    const first = await names.value();
    expect(first.names).toEqual(["a", "x"]);
    first.names[0] = "changed by a caller";
    expect((await names.value()).names).toEqual(["a", "x"]);
    expect(names.computed()).toBe(1);
    await client.query(`update "child" set "name" = 'y' where "id" = 10`);
    expect((await names.value()).names).toEqual(["a", "y"]);
    expect(names.computed()).toBe(2);
    await client.query(`update "parent" set "name" = 'a2' where "id" = 1`);
    expect((await names.value()).names).toEqual(["a2", "y"]);
    expect(names.computed()).toBe(3);
  });

  it("are not kept when a table they read is not tracked, or a write lands while they are computed", async () => {
    const untracked = counted("untracked", ["parent", "other"], `select "name" from "other" where "id" = 1`);
    await untracked.value();
    await untracked.value();
    expect(untracked.computed()).toBe(2);

    let computed = 0;
    const racing = () =>
      remembered(client, "racing", ["parent"], async () => {
        computed += 1;
        const before = (await client.query<{ name: string }>(`select "name" from "parent" where "id" = 1`)).rows[0];
        await client.query(`update "parent" set "name" = 'a' where "id" = 1`);
        return before?.name;
      });
    await racing();
    await racing();
    expect(computed).toBe(2);
  });

  it("are computed every time without a read cache (PostgreSQL)", async () => {
    let computed = 0;
    const value = () => remembered({}, "nothing", ["parent"], async () => ++computed);
    expect(await value()).toBe(1);
    expect(await value()).toBe(2);
  });
});
