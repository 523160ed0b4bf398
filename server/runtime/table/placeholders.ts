/**
 * `{{name}}` placeholders of table SQL become bound parameters, never spliced text. The scan follows quotes and
 * comments, so a placeholder inside a string literal ('%{{kw}}%') becomes a concatenation with the parameter
 * ('%' || $1::text || '%'); a list value becomes one parameter per item ($1, $2, $3 for IN lists). `${{name}}`
 * (the original's raw insertion) is read as `{{name}}`: nothing is ever inserted raw.
 */

export class SqlRefusal extends Error {}

/**
 * Bound values per statement. Refused before parsing: the parser's time grows faster than the list (1000 values
 * take a second or more), and PGlite breaks past 32 767 parameters.
 */
export const MAX_BOUND_VALUES = 1000;

const PLACEHOLDER = /^\$?\{\{\s*([A-Za-z_\u4e00-\u9fa5][\w.\u4e00-\u9fa5]*)\s*\}\}/;

/** The value of `a.b.c` in the given arguments (own properties only). */
function lookup(args: Record<string, unknown>, path: string): { found: boolean; value: unknown } {
  if (Object.hasOwn(args, path)) return { found: true, value: args[path] };
  let current: unknown = args;
  for (const part of path.split(".")) {
    if (current === null || typeof current !== "object" || !Object.hasOwn(current, part))
      return { found: false, value: undefined };
    current = (current as Record<string, unknown>)[part];
  }
  return { found: true, value: current };
}

/** A value as one bound parameter: text, number, boolean or null (objects as their JSON). */
const scalar = (v: unknown) =>
  v === null || v === undefined || typeof v === "string" || typeof v === "number" || typeof v === "boolean"
    ? (v ?? null)
    : JSON.stringify(v);

/**
 * The SQL with each placeholder replaced by `$n` and the values in order. `nextIndex` numbers them from 1.
 */
export function bindPlaceholders(text: string, args: Record<string, unknown>) {
  const values: unknown[] = [];
  const param = (v: unknown) => {
    if (values.length >= MAX_BOUND_VALUES) throw new SqlRefusal(`参数值过多（最多 ${MAX_BOUND_VALUES} 个）`);
    values.push(scalar(v));
    return `$${values.length}`;
  };
  let out = "";
  let state: "code" | "single" | "double" | "line" | "block" = "code";
  for (let i = 0; i < text.length; ) {
    const rest = text.slice(i);
    const m = state === "code" || state === "single" ? PLACEHOLDER.exec(rest) : null;
    if (m) {
      const name = m[1] as string;
      const { found, value } = lookup(args, name);
      if (!found) throw new SqlRefusal(`参数 {{${name}}} 没有值`);
      if (state === "single") out += `' || ${param(Array.isArray(value) ? value.join(",") : value)}::text || '`;
      else if (Array.isArray(value)) {
        if (!value.length) throw new SqlRefusal(`参数 {{${name}}} 是空列表`);
        if (value.length > 1000) throw new SqlRefusal(`参数 {{${name}}} 最多 1000 项`);
        out += value.map(param).join(", ");
      } else out += param(value);
      i += m[0].length;
      continue;
    }
    // A name in Chinese (a table's display name, say) is quoted: the parser reads only ASCII bare words.
    const word = state === "code" ? /^[\w\u4e00-\u9fa5]*[\u4e00-\u9fa5][\w\u4e00-\u9fa5]*/.exec(rest) : null;
    if (word && !/[\w$]/.test(text[i - 1] ?? "")) {
      out += `"${word[0]}"`;
      i += word[0].length;
      continue;
    }
    const c = text[i] as string;
    const two = text.slice(i, i + 2);
    if (state === "code") {
      if (c === "'") state = "single";
      else if (c === '"') state = "double";
      else if (two === "--") state = "line";
      else if (two === "/*") state = "block";
    } else if (state === "single" && c === "'") state = "code";
    else if (state === "double" && c === '"') state = "code";
    else if (state === "line" && c === "\n") state = "code";
    else if (state === "block" && two === "*/") {
      out += two;
      i += 2;
      state = "code";
      continue;
    }
    out += c;
    i += 1;
  }
  return { text: out, values };
}
