import { type SQL, sql } from "drizzle-orm";
import type * as ast from "pgsql-ast-parser";
import { bindPlaceholders, SqlRefusal } from "./placeholders";
import { type Guarded, type GuardInput, MAX_ROWS, SYSTEM_COLUMNS, Walker } from "./sql-guard";

/** `timezone('utc', now())`: the wall-clock UTC time the system columns hold. */
const utcNow: ast.Expr = {
  type: "call",
  function: { name: "timezone" },
  args: [
    { type: "string", value: "utc" },
    { type: "call", function: { name: "now" }, args: [] },
  ],
};

/** The SQL parser (about 14 MB resident) loads with the first statement, not at every start. */
type Parser = typeof import("pgsql-ast-parser");

function parseOne(parser: Parser, text: string): ast.Statement {
  let statements: ast.Statement[];
  try {
    statements = parser.parse(text);
  } catch (err) {
    const first = String((err as Error).message ?? "").split("\n")[0];
    throw new SqlRefusal(`SQL 语法错误：${first}`);
  }
  if (statements.length !== 1) throw new SqlRefusal("只能执行一条 SQL 语句");
  return statements[0] as ast.Statement;
}

/** A top-level SELECT gets LIMIT MAX_ROWS when it has none, and a larger literal limit is lowered to it. */
function capRows(s: ast.SelectStatement): ast.SelectStatement {
  if (s.type === "select") {
    const limit = s.limit?.limit;
    if (!limit) return { ...s, limit: { ...s.limit, limit: { type: "integer", value: MAX_ROWS } } };
    if (limit.type === "integer")
      return { ...s, limit: { ...s.limit, limit: { type: "integer", value: Math.min(limit.value, MAX_ROWS) } } };
  }
  return {
    type: "select",
    columns: [{ expr: { type: "ref", name: "*" } }],
    from: [{ type: "statement", statement: s, alias: "q" }],
    limit: { limit: { type: "integer", value: MAX_ROWS } },
  };
}

function refuseSystemColumns(w: Walker, names: string[], what: string) {
  const bound = new Set((w.bindingColumns ?? []).map((c) => c.toLowerCase()));
  for (const n of names) {
    if (SYSTEM_COLUMNS.has(n.toLowerCase())) throw new SqlRefusal(`不能${what}系统字段 ${n}`);
    if (bound.has(n.toLowerCase())) throw new SqlRefusal(`字段 ${n} 由绑定的条件决定，不能${what}`);
  }
}

function rewrite(
  w: Walker,
  input: GuardInput,
  statement: ast.Statement,
): { kind: Guarded["kind"]; tree: ast.Statement } {
  switch (statement.type) {
    case "select":
    case "union":
    case "union all":
      return { kind: "select", tree: capRows(w.select(statement)) };
    case "insert": {
      if (statement.insert.type !== "values") throw new SqlRefusal("INSERT 只支持 VALUES 写法");
      if (statement.onConflict || statement.overriding) throw new SqlRefusal("不支持 ON CONFLICT / OVERRIDING");
      if (!statement.columns?.length) throw new SqlRefusal("INSERT 必须写明字段列表");
      const columns = statement.columns.map((c) => w.column(c.name));
      refuseSystemColumns(w, columns, "写入");
      // The binding's values win over the author's: a row written under a condition (uid = …) must satisfy it.
      const author = input.author ?? {};
      const forced = [
        ...(input.binding ?? [])
          .filter((b) => !SYSTEM_COLUMNS.has(b.column) || Object.hasOwn(author, b.column))
          .map((b) => [b.column, b.value] as const),
        ...Object.entries(author),
      ].filter(([c], i, all) => all.findIndex(([d]) => d === c) === i);
      const values = statement.insert.values.map((row) => {
        if (row.length !== columns.length) throw new SqlRefusal("VALUES 的值个数与字段个数不一致");
        return [...row.map((e) => w.expr(e)), ...forced.map(([, v]) => w.param(v))];
      });
      const tree: ast.InsertStatement = {
        type: "insert",
        into: w.target(statement.into),
        columns: [...columns, ...forced.map(([c]) => c)].map((name) => ({ name })),
        insert: { type: "values", values },
        returning: statement.returning?.map((c) => ({ ...c, expr: w.expr(c.expr) })),
      };
      return { kind: "insert", tree };
    }
    case "update": {
      const table = w.target(statement.table);
      const sets = statement.sets.map((s) => ({ column: { name: w.column(s.column.name) }, value: w.expr(s.value) }));
      refuseSystemColumns(
        w,
        sets.map((s) => s.column.name),
        "修改",
      );
      sets.push({ column: { name: "modified" }, value: utcNow });
      const from = statement.from ? w.from(statement.from) : statement.from;
      const tree: ast.UpdateStatement = {
        type: "update",
        table,
        sets,
        from,
        where: and(statement.where ? w.expr(statement.where) : null, w.conditions(table.alias ?? null)),
        returning: statement.returning?.map((c) => ({ ...c, expr: w.expr(c.expr) })),
      };
      return { kind: "update", tree };
    }
    case "delete": {
      const from = w.target(statement.from);
      const tree: ast.DeleteStatement = {
        type: "delete",
        from,
        where: and(statement.where ? w.expr(statement.where) : null, w.conditions(from.alias ?? null)),
        returning: statement.returning?.map((c) => ({ ...c, expr: w.expr(c.expr) })),
      };
      return { kind: "delete", tree };
    }
    default:
      throw new SqlRefusal("只支持 SELECT、INSERT、UPDATE、DELETE 语句");
  }
}

function and(a: ast.Expr | null, b: ast.Expr | null): ast.Expr | null {
  if (!a) return b;
  if (!b) return a;
  return { type: "binary", op: "AND", left: a, right: b };
}

/** The statement as it will run, with its parameters bound; throws SqlRefusal (Chinese) when it is not allowed. */
export async function guardSql(input: GuardInput): Promise<Guarded> {
  if (input.sql.length > 20_000) throw new SqlRefusal("SQL 最多 20000 个字符");
  const parser = await import("pgsql-ast-parser");
  const bound = bindPlaceholders(input.sql, input.args ?? {});
  const w = new Walker(input, bound.values);
  const { kind, tree } = rewrite(w, input, parseOne(parser, bound.text));
  const printed = parser.toSql.statement(tree);
  const marker = new RegExp(`\\$__tp${w.nonce}_(\\d+)`, "g");
  const chunks: SQL[] = [];
  let last = 0;
  for (const m of printed.matchAll(marker)) {
    chunks.push(sql.raw(printed.slice(last, m.index)));
    chunks.push(sql`${w.values[Number(m[1]) - 1] ?? null}`);
    last = (m.index ?? 0) + m[0].length;
  }
  chunks.push(sql.raw(printed.slice(last)));
  let n = 0;
  return { kind, query: sql.join(chunks, sql.raw("")), text: printed.replace(marker, () => `$${++n}`) };
}
