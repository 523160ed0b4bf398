import { randomBytes } from "node:crypto";
import type { SQL } from "drizzle-orm";
import type * as ast from "pgsql-ast-parser";
import { systemFieldNames } from "../../../contract/api/table";
import { physicalName, TABLE_SCHEMA } from "./ddl";
import { SqlRefusal } from "./placeholders";

export { SqlRefusal };

/**
 * User SQL for a bound data table (the TableSQL node, the agent's SQL tool): parsed by pgsql-ast-parser, checked
 * node by node against an allowlist (anything the walk does not know is refused), rewritten, and printed again
 * from the tree, so what runs is what was checked. Rules: one SELECT/INSERT/UPDATE/DELETE; every table
 * reference, whatever it names, becomes the bound physical table (with the binding's conditions applied to each
 * read of it); no schema-qualified names, no WITH, no locking clauses; functions, casts and keywords from short
 * allowlists; values only as bound parameters; a SELECT returns at most MAX_ROWS rows.
 */

export const MAX_ROWS = 1000;
const MAX_TABLE_REFS = 4;

/** Equality conditions (`column = value`) every statement is held to; INSERT writes them. */
export type Binding = { column: string; value: string | number | boolean | null }[];

export interface GuardInput {
  sql: string;
  tableId: number;
  /** Every column of the table (system and custom), to resolve names written in another case. */
  columns: string[];
  args?: Record<string, unknown>;
  binding?: Binding;
  /** System columns an INSERT fills (uid, user_name, …). */
  author?: Record<string, string | number | null>;
}

export interface Guarded {
  kind: "select" | "insert" | "update" | "delete";
  query: SQL;
  /** The statement as it runs, parameters as $n (for logs and tests). */
  text: string;
}

const FUNCTIONS = new Set(
  (
    "exists count sum avg min max coalesce nullif greatest least lower upper length char_length character_length substr " +
    "substring trim btrim ltrim rtrim concat concat_ws replace left right lpad rpad position strpos split_part reverse " +
    "initcap round floor ceil ceiling abs mod power sqrt sign trunc now date_trunc date_part to_char to_date " +
    "to_timestamp to_number age timezone string_agg array_agg bool_and bool_or every row_number rank dense_rank lag " +
    "lead first_value last_value ntile percent_rank cume_dist"
  ).split(" "),
);
const CAST_TYPES = new Set(
  (
    "text varchar char character bpchar int int2 int4 int8 integer bigint smallint numeric decimal real float float4 " +
    "float8 boolean bool date timestamp timestamptz time interval json jsonb"
  ).split(" "),
);
const KEYWORDS = new Set(["current_date", "current_time", "current_timestamp", "localtime", "localtimestamp"]);
export const SYSTEM_COLUMNS = new Set<string>(systemFieldNames);

export class Walker {
  readonly nonce = randomBytes(8).toString("hex");
  readonly values: unknown[];
  private tableRefs = 0;
  private readonly placeholderCount: number;
  private readonly columnsByLower: Map<string, string>;

  constructor(
    private readonly input: GuardInput,
    placeholderValues: unknown[],
  ) {
    this.values = [...placeholderValues];
    this.placeholderCount = placeholderValues.length;
    this.columnsByLower = new Map(input.columns.map((c) => [c.toLowerCase(), c]));
  }

  param(value: unknown): ast.ExprParameter {
    this.values.push(value);
    return { type: "parameter", name: this.marker(this.values.length) };
  }

  marker = (n: number) => `$__tp${this.nonce}_${n}`;

  get bindingColumns() {
    return this.input.binding?.map((b) => b.column);
  }

  column(name: string) {
    return this.columnsByLower.get(name.toLowerCase()) ?? name;
  }

  /** The binding's conditions on `alias`, ANDed; null when there are none. */
  conditions(alias: string | null): ast.Expr | null {
    const parts: ast.Expr[] = (this.input.binding ?? []).map((b) => ({
      type: "binary",
      op: "=",
      left: { type: "ref", name: this.column(b.column), ...(alias ? { table: { name: alias } } : {}) },
      right: this.param(b.value),
    }));
    return parts.reduce<ast.Expr | null>(
      (acc, e) => (acc ? { type: "binary", op: "AND", left: acc, right: e } : e),
      null,
    );
  }

  target(name: ast.QNameAliased): ast.QNameAliased {
    this.countRef();
    if (name.schema) throw new SqlRefusal("不能指定模式，只能访问绑定的数据表");
    return { schema: TABLE_SCHEMA, name: physicalName(this.input.tableId), alias: name.alias ?? name.name };
  }

  private countRef() {
    this.tableRefs += 1;
    if (this.tableRefs > MAX_TABLE_REFS) throw new SqlRefusal(`一条语句最多引用 ${MAX_TABLE_REFS} 次数据表`);
  }

  /** A FROM item: a table name becomes the bound table (filtered by the binding); subqueries are walked. */
  from(f: ast.From): ast.From {
    const join = f.join ? { ...f.join, on: f.join.on ? this.expr(f.join.on) : f.join.on } : f.join;
    if (f.join?.using)
      f.join.using.forEach((n) => {
        n.name = this.column(n.name);
      });
    if (f.type === "table") {
      if (f.lateral || f.name.columnNames?.length) throw new SqlRefusal("不支持该 FROM 写法");
      const target = this.target(f.name);
      const alias = target.alias as string;
      const where = this.conditions(null);
      if (!where) return { type: "table", name: target, join };
      const inner: ast.SelectFromStatement = {
        type: "select",
        columns: [{ expr: { type: "ref", name: "*" } }],
        from: [{ type: "table", name: { schema: target.schema, name: target.name } }],
        where,
      };
      return { type: "statement", statement: inner, alias, join };
    }
    if (f.type === "statement") {
      if (f.lateral) throw new SqlRefusal("不支持 LATERAL");
      return { ...f, statement: this.select(f.statement), join };
    }
    throw new SqlRefusal("不能在 FROM 中调用函数");
  }

  select(s: ast.SelectStatement): ast.SelectStatement {
    switch (s.type) {
      case "select": {
        if (s.for || s.skip) throw new SqlRefusal("不支持 FOR UPDATE 等加锁语句");
        return {
          ...s,
          from: s.from?.map((f) => this.from(f)),
          columns: s.columns?.map((c) => ({ ...c, expr: this.expr(c.expr) })),
          where: s.where ? this.expr(s.where) : s.where,
          groupBy: s.groupBy?.map((e) => this.expr(e)),
          having: s.having ? this.expr(s.having) : s.having,
          orderBy: this.orderBy(s.orderBy),
          distinct: Array.isArray(s.distinct) ? s.distinct.map((e) => this.expr(e)) : s.distinct,
          limit: s.limit
            ? {
                limit: s.limit.limit ? this.expr(s.limit.limit) : s.limit.limit,
                offset: s.limit.offset ? this.expr(s.limit.offset) : s.limit.offset,
              }
            : s.limit,
        };
      }
      case "union":
      case "union all":
        return { ...s, left: this.select(s.left), right: this.select(s.right) };
      case "values":
        return { ...s, values: s.values.map((row) => row.map((e) => this.expr(e))) };
      default:
        throw new SqlRefusal("不支持 WITH 语句");
    }
  }

  orderBy(list: ast.OrderByStatement[] | null | undefined) {
    return list?.map((o) => ({ ...o, by: this.expr(o.by) }));
  }

  expr(e: ast.Expr): ast.Expr {
    switch (e.type) {
      case "ref":
        if (e.table?.schema) throw new SqlRefusal("不能指定模式，只能访问绑定的数据表");
        return e.name === "*" ? e : { ...e, name: this.column(e.name) };
      case "parameter": {
        const n = /^\$(\d+)$/.exec(e.name);
        const index = n ? Number(n[1]) : 0;
        if (!index || index > this.placeholderCount) throw new SqlRefusal("参数只能用 {{参数名}} 的形式传入");
        return { type: "parameter", name: this.marker(index) };
      }
      case "null":
      case "integer":
      case "numeric":
      case "string":
      case "boolean":
      case "default":
        return e;
      case "keyword":
        if (!KEYWORDS.has(e.keyword)) throw new SqlRefusal(`不支持 ${e.keyword}`);
        return e;
      case "list":
      case "array":
        return { ...e, expressions: e.expressions.map((x) => this.expr(x)) };
      case "array select":
        return { ...e, select: this.select(e.select) };
      case "extract":
        return { ...e, from: this.expr(e.from) };
      case "member":
        return { ...e, operand: this.expr(e.operand) };
      case "arrayIndex":
        return { ...e, array: this.expr(e.array), index: this.expr(e.index) };
      case "case":
        return {
          ...e,
          value: e.value ? this.expr(e.value) : e.value,
          whens: e.whens.map((w) => ({ when: this.expr(w.when), value: this.expr(w.value) })),
          else: e.else ? this.expr(e.else) : e.else,
        };
      case "binary":
        return { ...e, left: this.expr(e.left), right: this.expr(e.right) };
      case "unary":
        return { ...e, operand: this.expr(e.operand) };
      case "ternary":
        return { ...e, value: this.expr(e.value), lo: this.expr(e.lo), hi: this.expr(e.hi) };
      case "cast":
        this.castType(e.to);
        return { ...e, operand: this.expr(e.operand) };
      case "substring":
        return {
          ...e,
          value: this.expr(e.value),
          from: e.from ? this.expr(e.from) : e.from,
          for: e.for ? this.expr(e.for) : e.for,
        };
      case "call":
        return this.call(e);
      case "select":
      case "union":
      case "union all":
      case "values":
        return this.select(e);
      default:
        throw new SqlRefusal(`不支持的表达式：${e.type}`);
    }
  }

  private castType(t: ast.DataTypeDef): void {
    if ("kind" in t && t.kind === "array") {
      this.castType(t.arrayOf);
      return;
    }
    const named = t as ast.BasicDataTypeDef;
    if (named.schema || !CAST_TYPES.has(named.name.toLowerCase().split(" ")[0] as string)) {
      throw new SqlRefusal(`不支持转换为 ${named.name}`);
    }
  }

  private call(e: ast.ExprCall): ast.Expr {
    const name = e.function.name.toLowerCase();
    if (e.function.schema || !FUNCTIONS.has(name)) throw new SqlRefusal(`不支持函数 ${e.function.name}`);
    return {
      ...e,
      args: e.args.map((a) => this.expr(a)),
      orderBy: this.orderBy(e.orderBy),
      filter: e.filter ? this.expr(e.filter) : e.filter,
      withinGroup: e.withinGroup ? { ...e.withinGroup, by: this.expr(e.withinGroup.by) } : e.withinGroup,
      over: e.over
        ? { partitionBy: e.over.partitionBy?.map((x) => this.expr(x)), orderBy: this.orderBy(e.over.orderBy) }
        : e.over,
    };
  }
}
