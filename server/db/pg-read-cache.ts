import type pg from "pg";
import { interceptQuery } from "./pg-query";
import { BUMP_TRIGGER, CACHEABLE_TABLES, type ReadCache, readCache, SCHEMA_QUERY, schemaFrom } from "./read-cache";
import { attachReadCache, readTextId } from "./yielding";

/** The channel on which every write to a cacheable table is announced, with the table's name as payload. */
const CHANNEL = "read_cache";
/** How long a lost listener waits before it connects again; the cache is off meanwhile. */
const RECONNECT_MS = 1_000;

const ENDS_TRANSACTION = /^\s*(commit|end|rollback|abort)\b/i;
/** Opening a transaction or a savepoint writes nothing (read-cache.ts would take it for a write it cannot read). */
const OPENS = /^\s*(begin|start\s+transaction|savepoint|release)\b/i;

/** Every cacheable table announces its writes, from any process (statement triggers, so a bulk write notifies once). */
async function installTriggers(pool: pg.Pool, tables: readonly string[]) {
  const client = await pool.connect();
  try {
    await client.query("begin");
    // Processes starting together install one after the other.
    await client.query("select pg_advisory_xact_lock(hashtext('read_cache_bump'))");
    await client.query(`create or replace function ${BUMP_TRIGGER}() returns trigger language plpgsql as $$
      begin perform pg_notify('${CHANNEL}', tg_table_name); return null; end $$`);
    // Only where missing: creating a trigger locks its table against writes, and other instances are running.
    const { rows } = await client.query<{ table: string }>(
      `select c.relname as "table" from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where t.tgname = $1 and c.relnamespace = 'public'::regnamespace`,
      [BUMP_TRIGGER],
    );
    const present = new Set(rows.map((r) => r.table));
    for (const table of tables) {
      if (present.has(table)) continue;
      await client.query(
        `create trigger ${BUMP_TRIGGER} after insert or update or delete or truncate on "${table}"
           for each statement execute function ${BUMP_TRIGGER}()`,
      );
    }
    await client.query("commit");
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/**
 * The read cache (read-cache.ts) on PostgreSQL. Other processes (the worker, more servers) write the same
 * database, so a trigger on each cacheable table announces its writes (NOTIFY, delivered at commit) and this
 * process's listener bumps the table: their writes are seen once the notification arrives, milliseconds after
 * their commit (decision 0032). This process's own writes bump at once, and no read of what they touch is kept
 * from their start until their statement has answered or their transaction has ended, so no read racing them on
 * another pooled connection is kept. While the listener is not connected the cache is off; a new connection starts
 * from an empty cache (notifications may have been missed).
 * Reads inside transactions (a checked-out client) are never cached.
 */
export function cachePoolReads(pool: pg.Pool, newListener: () => pg.Client, tables = CACHEABLE_TABLES) {
  let cache: ReadCache | null = null;
  let schema: ReturnType<typeof schemaFrom> | null = null;
  let listener: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const poolQuery = interceptQuery(pool, ({ text, config, values, run }) => {
    const c = cache;
    if (!c) return run(config, values);
    const id = readTextId(text);
    if (id === null) {
      const done = c.writing(text);
      return run(config, values).finally(done);
    }
    const sources = c.sourcesOf(text);
    if (!sources) return run(config, values);
    const params = (typeof config === "object" && config.values) || values || [];
    const rowMode = typeof config === "object" ? (config.rowMode ?? "") : "";
    let key: string;
    try {
      key = JSON.stringify([id, params, rowMode]);
    } catch {
      return run(config, values);
    }
    const hit = c.get(key);
    if (hit) return Promise.resolve(hit.value);
    const stamp = c.stamp(sources);
    return run(config, values).then((result) => {
      // The answer as drizzle reads it; node-postgres's Result also carries its parsers (functions).
      const { command, rowCount, rows, fields } = result;
      c.set(key, sources, stamp, { command, rowCount, rows, fields });
      return result;
    });
  });

  // A transaction's writes become visible at its end: what it wrote stays in flight until then (read-cache.ts's
  // `writing`), or until the client goes back to the pool without an end we saw.
  const writes = new WeakMap<pg.PoolClient, (() => void)[]>();
  /** Clients checked out by `connect()` (a transaction) and not yet released; pool.query's own use is not one. */
  const checkedOut = new WeakSet<pg.PoolClient>();
  const endWrites = (client: pg.PoolClient) => {
    for (const done of writes.get(client)?.splice(0) ?? []) done();
  };
  const poolConnect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  pool.connect = (async (callback?: unknown) => {
    if (callback) return (poolConnect as (cb: unknown) => void)(callback);
    const client = await poolConnect();
    checkedOut.add(client);
    // The pool gives each checkout its own `release`.
    const release = client.release.bind(client);
    client.release = ((err?: Error | boolean) => {
      checkedOut.delete(client);
      endWrites(client);
      return release(err);
    }) as typeof client.release;
    if (writes.has(client)) return client;
    const pending: (() => void)[] = [];
    writes.set(client, pending);
    interceptQuery(client, ({ text, config, values, run }) => {
      const c = cache;
      // pool.query checks this client out too: its statements are the pool's (above).
      if (!c || !checkedOut.has(client)) return run(config, values);
      if (ENDS_TRANSACTION.test(text)) return run(config, values).finally(() => endWrites(client));
      if (OPENS.test(text) || readTextId(text) !== null) return run(config, values);
      // In flight until the transaction ends (endWrites): no read of it is kept meanwhile, and it is stale again then.
      pending.push(c.writing(text));
      return run(config, values);
    });
    return client;
  }) as typeof pool.connect;

  const off = () => {
    cache = null;
    attachReadCache(pool, null);
  };
  const scheduleReconnect = () => {
    off();
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connectListener().catch(scheduleReconnect);
    }, RECONNECT_MS);
    retry.unref();
  };
  async function connectListener() {
    const client = newListener();
    listener = client;
    client.on("error", () => {
      // A broken connection is closed (its socket freed) and replaced.
      void client.end().catch(() => {});
      if (listener === client) scheduleReconnect();
    });
    client.on("end", () => {
      if (listener === client) scheduleReconnect();
    });
    client.on("notification", (message) => {
      if (listener === client && message.channel === CHANNEL && message.payload) cache?.touched(message.payload);
    });
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    if (stopped || listener !== client || !schema) return;
    // Listening from here on: whatever was written before is read afresh.
    cache = readCache(schema, tables);
    attachReadCache(pool, cache);
  }

  return {
    /**
     * Installs the triggers, reads the schema and starts listening; call it once migrated. A role that may not
     * create triggers runs without the cache (every read goes to the server, as before), never fails the start.
     */
    async enable() {
      try {
        await installTriggers(pool, tables);
        const { rows } = await poolQuery(SCHEMA_QUERY);
        schema = schemaFrom(rows);
      } catch {
        return;
      }
      await connectListener().catch(scheduleReconnect);
    },
    stats: () => cache?.stats() ?? null,
    async close() {
      stopped = true;
      clearTimeout(retry);
      off();
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
    },
  };
}
