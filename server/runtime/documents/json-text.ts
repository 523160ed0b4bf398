type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const scalar = (v: Json) => v === null || typeof v !== "object";
const show = (v: Json) => (v === null ? "无" : String(v));

/**
 * A JSON document as readable lines for chunking and search: `key: value` for scalars, one line per array item,
 * an object of scalars inside an array as one line of `key: value` pairs (a table row), nested keys prefixed
 * with their parent's.
 */
export function jsonToText(value: unknown): string {
  const lines: string[] = [];
  walk(value as Json, "", lines);
  return lines.join("\n");
}

function walk(v: Json, path: string, lines: string[]) {
  if (scalar(v)) {
    lines.push(path ? `${path}: ${show(v)}` : show(v));
    return;
  }
  if (Array.isArray(v)) {
    for (const item of v) {
      if (item && typeof item === "object" && !Array.isArray(item) && Object.values(item).every(scalar)) {
        const row = Object.entries(item).map(([k, x]) => `${k}: ${show(x)}`);
        lines.push(path ? `${path}: ${row.join("，")}` : row.join("，"));
      } else walk(item, path, lines);
    }
    return;
  }
  for (const [k, x] of Object.entries(v)) walk(x, path ? `${path}.${k}` : k, lines);
}
