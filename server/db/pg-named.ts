import type pg from "pg";
import { sha256 } from "#server/lib/crypto";
import { interceptQuery } from "./pg-query";
import { MAX_TEXT_CHARS, textMap } from "./text-map";

/** A text asked this many times is sent as a named statement: one-off texts (migrations, scripts) stay unnamed. */
const NAME_AFTER = 2;
/**
 * Texts named at most: each connection keeps its named statements (node-postgres never closes them), so this bounds
 * the server's memory for them; texts past it stay unnamed.
 */
const MAX_NAMED = 200;
const MAX_COUNTED = 4_000;
/** PostgreSQL refuses a named statement whose plan no longer fits (a table's columns changed): its text runs unnamed. */
const STALE_STATEMENT = new Set(["0A000", "26000"]);

/**
 * Statements the pool runs outside transactions, asked again and again with the same text (drizzle builds the same
 * texts each time), become named statements: each connection parses and plans one once, then only binds and runs
 * it. A chat turn's start spent ~1 of its ~1.4 ms in the server parsing and planning. The name is the text's hash,
 * so two texts never share one. Statements in transactions are left as they are: a refused named statement could
 * not be run again there. Decision 0032.
 */
export function namePoolStatements(pool: pg.Pool) {
  const counted = textMap<number>(MAX_COUNTED);
  const names = new Map<string, string>();
  let namedChars = 0;
  interceptQuery(pool, ({ text, config, values, run }) => {
    const name = typeof config === "object" && config.name ? null : nameOf(text);
    if (!name) return run(config, values);
    return run(typeof config === "string" ? { text, name } : { ...config, name }, values).catch(
      (err: { code?: string }) => {
        if (!STALE_STATEMENT.has(err?.code ?? "")) throw err;
        if (names.delete(text)) namedChars -= text.length;
        counted.set(text, Number.NEGATIVE_INFINITY);
        return run(config, values);
      },
    );
  });

  function nameOf(text: string) {
    const known = names.get(text);
    if (known) return known;
    const times = (counted.get(text) ?? 0) + 1;
    counted.set(text, times);
    // A text too long to be counted (text-map.ts) never reaches NAME_AFTER; several statements in one text cannot
    // be named.
    if (times < NAME_AFTER || text.includes(";")) return null;
    if (names.size >= MAX_NAMED || namedChars + text.length > MAX_TEXT_CHARS) return null;
    const name = `q_${sha256(text).slice(0, 40)}`;
    names.set(text, name);
    namedChars += text.length;
    return name;
  }
}
