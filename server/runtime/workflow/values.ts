import type { Arg } from "#contract/args";

/**
 * References and literal values of node arguments (reference original-backend.md §6.2). A reference is
 * `<nodeId>.<path>` into that node's output, `<loopId>-input.<arg>_item` / `<loopId>-input.INDEX` for the
 * current loop item and index, `<loopId>-var.<name>` for a loop variable.
 */
export type Reference =
  | { kind: "node"; nodeId: number; path: PathSegment[] }
  | { kind: "loopInput"; loopId: number; name: string; path: PathSegment[] }
  | { kind: "loopVar"; loopId: number; name: string; path: PathSegment[] };

export type PathSegment = string | number;

/** `a.b[0].c` → ["a", "b", 0, "c"]; null when the text is not a path. */
export function parsePath(text: string): PathSegment[] | null {
  const out: PathSegment[] = [];
  const re = /([^.[\]]+)|\[(\d+)\]|(\.)/gy;
  let expectName = true;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    last = re.lastIndex;
    if (m[1] !== undefined) {
      if (!expectName) return null;
      out.push(m[1].trim());
      expectName = false;
    } else if (m[2] !== undefined) {
      if (expectName && out.length === 0) return null;
      out.push(Number(m[2]));
      expectName = false;
    } else {
      if (expectName) return null;
      expectName = true;
    }
  }
  if (last !== text.length || expectName || out.length === 0) return null;
  return out;
}

export function parseReference(raw: unknown): Reference | null {
  if (typeof raw !== "string") return null;
  const m = /^(\d+)(-input|-var)?\.(.+)$/.exec(raw.trim());
  if (!m) return null;
  const path = parsePath(m[3]!);
  if (!path || typeof path[0] !== "string") return null;
  const id = Number(m[1]);
  if (m[2] === "-input") return { kind: "loopInput", loopId: id, name: path[0], path: path.slice(1) };
  if (m[2] === "-var") return { kind: "loopVar", loopId: id, name: path[0], path: path.slice(1) };
  return { kind: "node", nodeId: id, path };
}

/** Follows a path; a name applied to a list maps over its items (list projection). */
export function readPath(value: unknown, path: PathSegment[]): unknown {
  let current = value;
  for (let i = 0; i < path.length; i++) {
    const segment = path[i]!;
    if (current === null || current === undefined) return undefined;
    if (Array.isArray(current) && typeof segment === "string") {
      const rest = path.slice(i);
      return current.map((item) => readPath(item, rest));
    }
    if (typeof current !== "object") return undefined;
    current = (current as Record<string | number, unknown>)[segment];
  }
  return current;
}

const fail = (name: string, what: string) => new Error(`参数 ${name} 的值不是${what}`);

function parseJson(text: string, name: string, what: string) {
  try {
    return JSON.parse(text);
  } catch {
    throw fail(name, what);
  }
}

/** A literal (`Input`) value converted to the argument's declared type; empty stays empty. */
export function convertLiteral(value: unknown, dataType: string, name: string): unknown {
  if (value === undefined || value === null) return dataType === "String" ? "" : null;
  if (dataType.startsWith("Array_")) {
    if (value === "") return [];
    const list = typeof value === "string" ? parseJson(value, name, "数组") : value;
    if (!Array.isArray(list)) throw fail(name, "数组");
    const item = dataType.slice("Array_".length);
    return list.map((v) => convertLiteral(v, item, name));
  }
  switch (dataType) {
    case "String":
      return typeof value === "string" ? value : JSON.stringify(value);
    case "Integer":
    case "Number": {
      if (value === "") return null;
      const n = typeof value === "number" ? value : Number(String(value).trim());
      if (!Number.isFinite(n)) throw fail(name, dataType === "Integer" ? "整数" : "数字");
      if (dataType === "Integer" && !Number.isInteger(n)) throw fail(name, "整数");
      return n;
    }
    case "Boolean":
      if (typeof value === "boolean") return value;
      if (value === "") return null;
      if (value === "true" || value === 1 || value === "1") return true;
      if (value === "false" || value === 0 || value === "0") return false;
      throw fail(name, "布尔值");
    case "Object": {
      if (value === "") return null;
      const object = typeof value === "string" ? parseJson(value, name, "对象") : value;
      if (typeof object !== "object" || Array.isArray(object)) throw fail(name, "对象");
      return object;
    }
    default:
      // File kinds are URLs or file keys.
      return typeof value === "string" ? value : String(value);
  }
}

export type ReferenceReader = (reference: Reference) => unknown;

/** One argument's value: its reference followed, its literal converted, an Object built from its sub-arguments. */
export function resolveArg(arg: Arg, read: ReferenceReader): unknown {
  if (arg.bindValueType === "Reference") {
    const reference = parseReference(arg.bindValue);
    return reference ? read(reference) : undefined;
  }
  const empty = arg.bindValue === undefined || arg.bindValue === null || arg.bindValue === "";
  if (empty && arg.subArgs?.length && (arg.dataType === "Object" || arg.dataType === "Array_Object")) {
    const object = resolveArgs(arg.subArgs, read);
    return arg.dataType === "Object" ? object : [object];
  }
  return convertLiteral(arg.bindValue, arg.dataType, arg.name);
}

export function resolveArgs(args: Arg[] | null | undefined, read: ReferenceReader): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const arg of args ?? []) {
    if (arg.enable === false || !arg.name) continue;
    out[arg.name] = resolveArg(arg, read);
  }
  return out;
}
