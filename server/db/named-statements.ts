import { type PGlite, parse, protocol, type Results } from "@electric-sql/pglite";
import { MAX_TEXT_CHARS, textMap } from "./text-map";

/** A text asked this many times becomes a named statement: one-off texts (migrations, scripts) stay unnamed. */
const NAME_AFTER = 2;
/** Named statements kept in the engine at once; the least recently used is closed first. */
const MAX_NAMED = 400;
/** Texts counted towards NAME_AFTER at once. */
const MAX_COUNTED = 4_000;
/**
 * The engine refuses a named statement whose plan can no longer be used as it was parsed (a table's columns
 * changed): it is forgotten and the text runs unnamed.
 */
const STALE_STATEMENT = new Set(["0A000", "26000"]);

type Query = PGlite["query"];
type QueryOptions = NonNullable<Parameters<Query>[2]>;
type Parsers = PGlite["parsers"];

/**
 * The parsers of an answer's own column types, the call's own first. PGlite's result parser copies the whole map
 * it is given at every call (some 300 types, their keys numbers: ~200 µs a statement, more than the turn start's
 * rows cost to read); a type left out is parsed by PGlite's default for it, as from the whole map.
 */
function parsersOf(messages: { name: string }[], all: Parsers, own: QueryOptions["parsers"]) {
  const chosen: Parsers = {};
  for (const message of messages) {
    if (message.name !== "rowDescription") continue;
    for (const { dataTypeID } of (message as unknown as { fields: { dataTypeID: number }[] }).fields) {
      const parser = own?.[dataTypeID] ?? all[dataTypeID];
      if (parser) chosen[dataTypeID] = parser;
    }
  }
  return chosen;
}

/**
 * Protocol messages sent as one: the engine reads every message of a buffer before it answers (its main loop runs
 * until the buffer is consumed), and each call into it costs tens of µs of its own. A failure makes the engine skip
 * to the closing Sync, as with messages sent one by one, and the call throws the first error.
 */
function joined(...messages: Uint8Array[]) {
  const buffer = new Uint8Array(messages.reduce((length, m) => length + m.length, 0));
  let at = 0;
  for (const m of messages) {
    buffer.set(m, at);
    at += m.length;
  }
  return buffer;
}

interface Named {
  name: string;
  /** Parameter type ids, for PGlite's serializers (as its own query uses them). */
  types: number[];
}

/**
 * PGlite's `query(text, params)` parses, analyses and plans its text at every call: drizzle's prepared queries
 * send the same text each time. Measured on the turn start's statement, that is 3.5 ms of the 4 ms it costs;
 * as a named statement (parsed once, then bind and execute) 1.1 ms. This runs texts asked repeatedly as named
 * statements through PGlite's public protocol API, under its own lock, and reads the answer with its own result
 * parser, so rows, types and errors are what `query` gives. Only for statements outside transactions (the caller
 * holds the statement queue, see yielding.ts); a blob (COPY) or an unexpected failure goes the ordinary way.
 */
export function namedStatements(client: PGlite): Query {
  const plain = client.query.bind(client);
  const counted = textMap<number>(MAX_COUNTED);
  const named = new Map<string, Named>();
  let namedChars = 0;
  let sequence = 0;
  const stream = (message: Uint8Array) => {
    // PGlite's protocol API does not check this itself: after `close` it loops forever waiting for the engine (a
    // background job's statement arriving as a test's server closed spun a test worker at full CPU).
    if (client.closed) return Promise.reject(new Error("PGlite is closed"));
    return client.execProtocolStream(message, { syncToFs: false });
  };

  async function prepare(sql: string, options: QueryOptions | undefined): Promise<Named | null> {
    const statement = `named_${++sequence}`;
    let messages: Awaited<ReturnType<typeof stream>>;
    try {
      messages = await stream(
        joined(
          protocol.serialize.parse({ name: statement, text: sql, types: options?.paramTypes }),
          protocol.serialize.describe({ type: "S", name: statement }),
          protocol.serialize.sync(),
        ),
      );
    } catch {
      // Not preparable (a syntax error, several statements): asked the ordinary way from now on, which reports it.
      if (counted.has(sql)) counted.set(sql, Number.NEGATIVE_INFINITY);
      return null;
    }
    const entry = { name: statement, types: parse.parseDescribeStatementResults(messages) };
    named.set(sql, entry);
    namedChars += sql.length;
    while (named.size > MAX_NAMED || namedChars > MAX_TEXT_CHARS) {
      const [oldestText, oldest] = named.entries().next().value as [string, Named];
      forget(oldestText);
      await stream(joined(protocol.serialize.close({ type: "S", name: oldest.name }), protocol.serialize.sync()));
    }
    return entry;
  }

  async function execute(entry: Named, sql: string, params: unknown[], options: QueryOptions | undefined) {
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = entry.types[i] as number;
      const serialize = options?.serializers?.[type] ?? client.serializers[type];
      return serialize ? serialize(value) : String(value);
    });
    let messages: Awaited<ReturnType<typeof stream>>;
    try {
      messages = await stream(
        joined(
          protocol.serialize.bind({ statement: entry.name, values }),
          protocol.serialize.describe({ type: "P" }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ),
      );
    } catch (err) {
      // As PGlite's own query reports a failed statement.
      if (err instanceof Error) Object.assign(err, { query: sql, params, queryOptions: options });
      throw err;
    }
    await client.syncToFs();
    const { parsers, ...rest } = options ?? {};
    return parse.parseResults(messages, parsersOf(messages, client.parsers, parsers), rest)[0] as Results;
  }

  /** A named text forgotten (closed, or refused by the engine). */
  function forget(sql: string) {
    if (named.delete(sql)) namedChars -= sql.length;
  }

  function worthNaming(sql: string) {
    const times = (counted.get(sql) ?? 0) + 1;
    counted.set(sql, times);
    return times >= NAME_AFTER;
  }

  return (async (sql: string, params: unknown[] = [], options?: QueryOptions) => {
    // A text too long to be counted (text-map.ts) never reaches NAME_AFTER, so it is never named.
    if (options?.blob) return plain(sql, params, options);
    let entry = named.get(sql);
    if (!entry && !worthNaming(sql)) return plain(sql, params, options);
    const result = await client.runExclusive(async () => {
      if (entry) {
        // Most recently used last: the first is closed when too many are kept.
        named.delete(sql);
        named.set(sql, entry);
      } else {
        entry = (await prepare(sql, options)) ?? undefined;
        if (!entry) return null;
      }
      try {
        return await execute(entry, sql, params, options);
      } catch (err) {
        if (!STALE_STATEMENT.has((err as { code?: string }).code ?? "")) throw err;
        forget(sql);
        return null;
      }
    });
    return result ?? plain(sql, params, options);
  }) as Query;
}
