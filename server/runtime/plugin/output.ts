import { itemArg } from "./args";
import { ARRAY_ITEM, type Arg } from "./types";

/** `a.b[0].c` read from a value; undefined when any step is missing. */
export function readPath(value: unknown, path: string): unknown {
  let current = value;
  for (const part of path
    .replace(/\[(\d+)\]/g, ".$1")
    .split(".")
    .filter(Boolean)) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** A field by its name, or by a dotted path when the name is one (`data.items`). */
function field(source: unknown, name: string) {
  if (source === null || typeof source !== "object") return undefined;
  const direct = (source as Record<string, unknown>)[name];
  return direct !== undefined || !name.includes(".") ? direct : readPath(source, name);
}

/** Lenient typing of what a service answered: a value that does not fit is kept as it came, never dropped. */
function coerce(arg: Arg, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  const type = arg.dataType;
  if (type === "Integer" || type === "Number") {
    const n = typeof value === "string" && value.trim() ? Number(value) : value;
    if (typeof n !== "number" || !Number.isFinite(n)) return value;
    return type === "Integer" ? Math.trunc(n) : n;
  }
  if (type === "Boolean") return value === "true" ? true : value === "false" ? false : value;
  if (type === "Object") {
    const children = arg.subArgs ?? [];
    if (!children.length || typeof value !== "object" || Array.isArray(value)) return value;
    return extractOutputs(value, children);
  }
  if (type.startsWith("Array_")) {
    if (!Array.isArray(value)) return value;
    const item = itemArg(arg);
    return item ? value.map((v) => coerce(item, v)) : value;
  }
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** The declared outputs read from a result by name (children by their own names, arrays item by item). */
export function extractOutputs(source: unknown, args: Arg[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const arg of args) out[arg.name] = coerce(arg, field(source, arg.name));
  return out;
}

type Inferred = Pick<Arg, "name" | "dataType" | "subArgs" | "description" | "require" | "enable">;

function typeOf(value: unknown): string {
  if (typeof value === "boolean") return "Boolean";
  if (typeof value === "number") return Number.isInteger(value) ? "Integer" : "Number";
  if (value !== null && typeof value === "object") return Array.isArray(value) ? "Array_Object" : "Object";
  return "String";
}

/** Objects merged key by key, so items of a list that each miss some field still describe them all. */
function mergeObjects(values: unknown[]) {
  const merged: Record<string, unknown> = {};
  for (const v of values) {
    if (v === null || typeof v !== "object" || Array.isArray(v)) continue;
    for (const [k, x] of Object.entries(v)) if (merged[k] === undefined || merged[k] === null) merged[k] = x;
  }
  return merged;
}

function inferArg(name: string, value: unknown, depth: number): Inferred {
  const base = { name, description: "", require: false, enable: true };
  if (Array.isArray(value)) {
    const items = value.filter((v) => v !== null && v !== undefined);
    const first = items[0];
    if (first === undefined) return { ...base, dataType: "Array_String", subArgs: [itemOf("String")] };
    if (typeof first === "object" && !Array.isArray(first)) {
      const fields = depth < 8 ? deriveOutputArgs(mergeObjects(items.slice(0, 20)), depth + 1) : [];
      return { ...base, dataType: "Array_Object", subArgs: [{ ...itemOf("Object"), subArgs: fields }] };
    }
    const itemType = Array.isArray(first) ? "Object" : typeOf(first);
    return { ...base, dataType: `Array_${itemType}`, subArgs: [itemOf(itemType)] };
  }
  const dataType = typeOf(value);
  if (dataType === "Object" && depth < 8) return { ...base, dataType, subArgs: deriveOutputArgs(value, depth + 1) };
  return { ...base, dataType };
}

const itemOf = (dataType: string): Inferred => ({
  name: ARRAY_ITEM,
  dataType,
  description: "",
  require: false,
  enable: true,
});

/**
 * Output args inferred from a sample result (解析出参): types from the values, objects with their fields as
 * children, arrays as `Array_<item type>` with one `[Array_Item]` child describing the items.
 */
export function deriveOutputArgs(json: unknown, depth = 0): Arg[] {
  if (Array.isArray(json)) return [inferArg("ROOT_ARRAY", json, depth)];
  if (json === null || typeof json !== "object") return [];
  return Object.entries(json).map(([name, value]) => inferArg(name, value, depth));
}

function sampleValue(arg: Arg, depth: number): unknown {
  const type = arg.dataType;
  if (type === "Integer" || type === "Number") return 0;
  if (type === "Boolean") return false;
  if (type === "Object") return depth < 8 ? sampleOutput(arg.subArgs ?? [], depth + 1) : {};
  if (type.startsWith("Array_")) {
    const item = itemArg(arg);
    return item && depth < 8 ? [sampleValue(item, depth + 1)] : [];
  }
  return "";
}

/**
 * What the declared outputs look like, each by its type ("" for text, 0, false, nested objects, one-item lists):
 * the sample output the square shows for a published plugin or workflow.
 */
export function sampleOutput(args: Arg[], depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const arg of args) if (arg.enable !== false) out[arg.name] = sampleValue(arg, depth);
  return out;
}
