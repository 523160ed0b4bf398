import { MAX_KEPT_TEXT, perText } from "./text-map";

/**
 * Answers of repeated reads of rarely written tables (tenant settings, users and sessions, spaces, agents, their
 * components and publications, models…) kept in this process. PGlite is opened by one process, so every write
 * passes through this process's statement layer (yielding.ts), which tells the cache; on PostgreSQL other
 * processes' writes are announced by triggers (pg-read-cache.ts).
 * A chat turn's checks read about a dozen such rows that change seldom; each read costs the one thread a
 * millisecond or more, and 200 turns waited behind each other's.
 *
 * Correctness rests on generations: every cacheable table has a counter, bumped after any statement that may
 * have written it (any non-SELECT naming it, and the tables its foreign keys cascade into), and everything is
 * dropped after a statement we cannot read (a multi-statement script, DDL, a table with triggers). An answer is
 * served only while the generations of all the tables it read are those it was read under. Reads inside a
 * transaction neither use nor fill the cache (they must see their own, uncommitted writes).
 */

/** Tables whose reads may be cached: written by settings, editors and sign-in, not by every chat turn. */
export const CACHEABLE_TABLES = [
  "tenant",
  "tenant_config",
  "user",
  "auth_token",
  "space",
  "space_user",
  "agent",
  "agent_component",
  "published",
  "model",
  "plugin",
  "workflow",
  "knowledge_base",
  "custom_table",
  "custom_table_field",
  // Every signed-in page shows the unread count; notifications are written on publish, audit and reading them.
  "notify_message",
  "notify_message_user",
  // 发布审核's list and counts: written by applying, auditing, taking off the square and deleting a target.
  "publish_apply",
] as const;

/**
 * A copy of an answer as PGlite gives it (rows of numbers, strings, booleans, bigints, nulls, Dates, bytes and
 * parsed JSON), equal to structuredClone's but about three times faster on such rows: every cache hit is copied,
 * ~1 ms of a 智能体开发 page's reads with structuredClone. Anything else is left to structuredClone.
 */
export function copyAnswer<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map(copyAnswer) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (ArrayBuffer.isView(value) && !(value instanceof DataView))
    return (value as unknown as Uint8Array).slice() as unknown as T;
  if (Object.getPrototypeOf(value) !== Object.prototype) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = copyAnswer((value as Record<string, unknown>)[key]);
    // A JSON key "__proto__" is an own property, not the prototype.
    if (key === "__proto__")
      Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true });
    else copy[key] = item;
  }
  return copy as T;
}

const MAX_ENTRIES = 2_000;

/** A plain read: no row locks, sequences, advisory locks, notifications or clock. */
/** A read, also a parenthesised one (`(select …) union all (select …)`, as drizzle writes a union). */
const SELECT = /^[\s(]*select\b/i;
const UNCACHEABLE =
  /\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b|nextval|setval|currval|pg_|now\s*\(|current_(timestamp|date|time)|localtime|clock_timestamp|statement_timestamp|random\s*\(|gen_random|uuid/i;
/** Every `from x` / `join x` target, quoted or bare, schema-qualified or not; `(` marks a subquery. */
const SOURCE = /\b(?:from|join)\s+(\(|(?:"[^"]+"|[a-z_][\w$]*)(?:\s*\.\s*(?:"[^"]+"|[a-z_][\w$]*))?)(\s*\()?/gi;
const IDENTIFIER = /"([^"]+)"|\b([a-z_][\w$]*)\b/gi;
/**
 * The same, stepping over string literals ('USER' names no table; it bumped "user" and the tables it cascades into
 * at every chat turn). Only for statements whose literals cannot hide their end: no backslash (E'…' escapes), no
 * dollar quoting and no comments; others are read with IDENTIFIER, literals and all.
 */
const IDENTIFIER_OUTSIDE_LITERALS = /"([^"]+)"|'(?:[^']|'')*'|\b([a-z_][\w$]*)\b/gi;
const LITERALS_UNCLEAR = /\\|\$(?:[a-z_][\w]*)?\$|--|\/\*/i;

const unquote = (name: string) => name.replace(/"/g, "").replace(/\s/g, "").toLowerCase();

interface Entry {
  value: unknown;
  tables: string[];
  generations: number[];
  epoch: number;
}

export interface Schema {
  /** Table → the tables whose rows a write to it may change too (foreign keys ON DELETE/UPDATE CASCADE, SET …). */
  cascades: Map<string, string[]>;
  /** Tables with user triggers: a write to them may change anything. */
  triggered: Set<string>;
}

export function readCache(schema: Schema, cacheable: readonly string[] = CACHEABLE_TABLES) {
  const tables = new Set(cacheable);
  const generation = new Map<string, number>([...tables].map((t) => [t, 0]));
  let epoch = 0;
  const entries = new Map<string, Entry>();
  let hits = 0;
  let misses = 0;

  /**
   * The cacheable tables a read uses, or null when it reads anything else (or cannot be cached at all). A text too
   * long to be kept per text is not cached: its number (yielding.ts readTextId), so its key, differs at every call.
   */
  const sourcesOf = perText((sql): string[] | null => {
    if (sql.length > MAX_KEPT_TEXT || !SELECT.test(sql) || UNCACHEABLE.test(sql)) return null;
    const used = new Set<string>();
    for (const m of sql.matchAll(SOURCE)) {
      const target = m[1] as string;
      if (target === "(") continue;
      if (m[2]) return null; // a function in FROM (unnest, generate_series…)
      const name = unquote(target).replace(/^public\./, "");
      if (!tables.has(name)) return null;
      used.add(name);
    }
    return used.size ? [...used] : null;
  });

  const bump = (name: string, seen = new Set<string>()) => {
    if (seen.has(name)) return;
    seen.add(name);
    if (schema.triggered.has(name)) {
      clear();
      return;
    }
    if (generation.has(name)) generation.set(name, (generation.get(name) ?? 0) + 1);
    for (const next of schema.cascades.get(name) ?? []) bump(next, seen);
  };

  function clear() {
    epoch += 1;
    entries.clear();
  }

  /**
   * Tables this process is writing right now (PostgreSQL: a statement on another pooled connection, a transaction
   * not yet ended), and writes whose tables are unknown. A read answered meanwhile is not kept: its rows may
   * predate a commit the server has made and we have not heard of yet, while a read that is not cached already
   * sees it (a page's count and rows would disagree).
   */
  const inFlight = new Map<string, number>();
  let unknownInFlight = 0;

  /** The cacheable tables a write to `names` may change (cascades too), or null when it may change anything. */
  function reachOf(names: string[]) {
    const reached = new Set<string>();
    const visit = (name: string): boolean => {
      if (reached.has(name)) return true;
      if (schema.triggered.has(name)) return false;
      reached.add(name);
      return (schema.cascades.get(name) ?? []).every(visit);
    };
    return names.every(visit) ? [...reached].filter((t) => tables.has(t)) : null;
  }

  /** A SELECT writes nothing unless it calls a function that does; ours never do beyond these. */
  const writesNothing = (sql: string) => SELECT.test(sql) && !/\bpg_|nextval|setval/i.test(sql);

  function wrote(sql: string) {
    if (writesNothing(sql)) return;
    const names = namesWritten(sql);
    if (!names) clear();
    else for (const name of names) bump(name);
  }

  /**
   * The names a write may touch, or null when it is not a plain write (then everything is stale). Kept per SQL
   * text: scanning a long one (the turn start's) cost ~80 µs.
   */
  const namesWritten = perText((sql): string[] | null => {
    if (!/^\s*(insert|update|delete|with|merge)\b/i.test(sql)) return null;
    const pattern = LITERALS_UNCLEAR.test(sql) ? IDENTIFIER : IDENTIFIER_OUTSIDE_LITERALS;
    const found = [...sql.matchAll(pattern)].map((m) => (m[1] ?? m[2])?.toLowerCase());
    return [...new Set(found.filter((name): name is string => Boolean(name)))];
  });

  return {
    /** Whether a statement is a read this cache keeps (its key is then worth computing). */
    sourcesOf,
    get(key: string): { value: unknown } | null {
      const entry = entries.get(key);
      if (!entry) {
        misses += 1;
        return null;
      }
      const fresh = entry.epoch === epoch && entry.tables.every((t, i) => generation.get(t) === entry.generations[i]);
      if (!fresh) {
        entries.delete(key);
        misses += 1;
        return null;
      }
      // Least recently used goes first when full: a hit moves to the end.
      entries.delete(key);
      entries.set(key, entry);
      hits += 1;
      return { value: copyAnswer(entry.value) };
    },
    /** The generations a read runs under, taken right before it executes (statements run one at a time). */
    stamp(sources: string[]) {
      return { generations: sources.map((t) => generation.get(t) ?? 0), epoch };
    },
    set(key: string, sources: string[], stamp: { generations: number[]; epoch: number }, value: unknown) {
      if (stamp.epoch !== epoch || sources.some((t, i) => generation.get(t) !== stamp.generations[i])) return;
      if (unknownInFlight || sources.some((t) => inFlight.get(t))) return;
      entries.set(key, { value: copyAnswer(value), tables: sources, ...stamp });
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    },
    /** After a statement that is not a cacheable read has run (or failed): whatever it may have written is stale. */
    wrote,
    /**
     * A write starts: what it may touch is stale now, and no read of it is kept until `done` (called once the
     * write is known to have ended: its statement answered, or its transaction committed or rolled back), which
     * makes it stale again. Calling `done` again does nothing.
     */
    writing(sql: string) {
      if (writesNothing(sql)) return () => {};
      const names = namesWritten(sql);
      const reached = names && reachOf(names);
      if (reached) for (const t of reached) inFlight.set(t, (inFlight.get(t) ?? 0) + 1);
      else unknownInFlight += 1;
      wrote(sql);
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        if (!reached) unknownInFlight -= 1;
        else
          for (const t of reached) {
            const left = (inFlight.get(t) ?? 1) - 1;
            if (left) inFlight.set(t, left);
            else inFlight.delete(t);
          }
        wrote(sql);
      };
    },
    /** After another process wrote `table` (PostgreSQL's notification, pg-read-cache.ts). */
    touched(table: string) {
      bump(table);
    },
    /** After something we cannot inspect (a script of several statements). */
    clear,
    stats: () => ({ hits, misses, entries: entries.size }),
  };
}

export type ReadCache = ReturnType<typeof readCache>;

/** PostgreSQL's trigger announcing writes to other processes (pg-read-cache.ts); it writes no table. */
export const BUMP_TRIGGER = "read_cache_bump";

/** The schema facts the cache needs, read from the catalog once the database is migrated. */
export const SCHEMA_QUERY = `
  select 'fk' as kind, parent.relname as source, child.relname as target
    from pg_constraint c
    join pg_class parent on parent.oid = c.confrelid
    join pg_class child on child.oid = c.conrelid
   where c.contype = 'f' and (c.confdeltype in ('c', 'n', 'd') or c.confupdtype in ('c', 'n', 'd'))
     and parent.relnamespace = 'public'::regnamespace
  union all
  select 'trigger', cl.relname, null
    from pg_trigger t join pg_class cl on cl.oid = t.tgrelid
   where not t.tgisinternal and cl.relnamespace = 'public'::regnamespace and t.tgname <> '${BUMP_TRIGGER}'`;

export function schemaFrom(rows: { kind: string; source: string; target: string | null }[]): Schema {
  const cascades = new Map<string, string[]>();
  const triggered = new Set<string>();
  for (const r of rows) {
    if (r.kind === "trigger") triggered.add(r.source);
    else if (r.target) cascades.set(r.source, [...(cascades.get(r.source) ?? []), r.target]);
  }
  return { cascades, triggered };
}
