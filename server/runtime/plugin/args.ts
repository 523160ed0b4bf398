import { ARRAY_ITEM, type Arg, PluginError } from "./types";

const isEmpty = (v: unknown) => v === undefined || v === null || v === "";

/** The descriptor of an array's items: the `[Array_Item]` child, else (older trees) the children themselves. */
export function itemArg(arg: Arg): Arg | undefined {
  const children = arg.subArgs ?? [];
  const item = children.find((c) => c.name === ARRAY_ITEM);
  if (item) return item;
  const dataType = arg.dataType.replace(/^Array_/, "");
  if (dataType === "Object" && children.length) return { name: ARRAY_ITEM, dataType, subArgs: children };
  return { name: ARRAY_ITEM, dataType };
}

/** The literal default of an arg (a Reference binding is resolved by the caller, not here). */
const defaultOf = (arg: Arg) => (arg.bindValueType === "Reference" ? undefined : arg.bindValue);

/** Text given where structure is expected: JSON when it parses, the text otherwise. */
function parseJsonText(value: unknown) {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (!/^[[{]/.test(text)) return value;
  try {
    return JSON.parse(text);
  } catch {
    return value;
  }
}

function scalar(arg: Arg, value: unknown, path: string): unknown {
  const type = arg.dataType;
  if (type === "Integer" || type === "Number") {
    const n = typeof value === "number" ? value : typeof value === "string" ? Number(value.trim()) : Number.NaN;
    if (typeof value === "boolean" || !Number.isFinite(n)) throw new PluginError(`参数 ${path} 必须是数字`);
    if (type === "Integer" && !Number.isInteger(n)) throw new PluginError(`参数 ${path} 必须是整数`);
    return n;
  }
  if (type === "Boolean") {
    if (typeof value === "boolean") return value;
    if (value === "true" || value === 1 || value === "1") return true;
    if (value === "false" || value === 0 || value === "0") return false;
    throw new PluginError(`参数 ${path} 必须是布尔值（true 或 false）`);
  }
  // String and every File kind (a file travels as its URL).
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/**
 * One input value, typed as its arg says: numbers and booleans from text, objects and arrays from JSON text,
 * children (Object fields, `[Array_Item]`) resolved the same way, defaults for what is missing, required
 * values checked. Undefined when the value is missing and optional.
 */
export function resolveValue(arg: Arg, given: unknown, path = arg.name): unknown {
  const value = isEmpty(given) ? defaultOf(arg) : given;
  const type = arg.dataType;
  if (type === "Object" && arg.subArgs?.length) {
    const source = parseJsonText(value ?? {});
    if (typeof source !== "object" || source === null || Array.isArray(source))
      throw new PluginError(`参数 ${path} 必须是对象`);
    const out = resolveFields(arg.subArgs, source as Record<string, unknown>, `${path}.`);
    if (!Object.keys(out).length && isEmpty(value)) return checkRequired(arg, undefined, path);
    return out;
  }
  if (isEmpty(value)) return checkRequired(arg, undefined, path);
  if (type === "Object") {
    const parsed = parseJsonText(value);
    if (typeof parsed !== "object" || parsed === null) throw new PluginError(`参数 ${path} 必须是对象`);
    return parsed;
  }
  if (type.startsWith("Array_")) {
    const parsed = parseJsonText(value);
    const list = Array.isArray(parsed) ? parsed : [parsed];
    const item = itemArg(arg);
    if (!item) return list;
    return list.map((v, i) => resolveValue({ ...item, require: false }, v, `${path}[${i}]`));
  }
  return scalar(arg, value, path);
}

function checkRequired(arg: Arg, value: unknown, path: string) {
  if (arg.require && isEmpty(value)) throw new PluginError(`缺少必填参数：${path}`);
  return value;
}

function resolveFields(args: Arg[], given: Record<string, unknown>, prefix = "") {
  const out: Record<string, unknown> = {};
  for (const arg of args) {
    const value = resolveValue(arg, given[arg.name], `${prefix}${arg.name}`);
    if (value !== undefined) out[arg.name] = value;
  }
  return out;
}

/**
 * Every declared input resolved from the call's values by name (see resolveValue). Values for names that are not
 * declared are dropped: a plugin receives what its author declared, nothing a caller made up.
 */
export function resolveInputs(args: Arg[], params: Record<string, unknown>) {
  return resolveFields(args, params ?? {});
}
