import type { Arg } from "#contract/args";
import type { ReferenceOption } from "./graph";

/**
 * Argument lists of a node as the forms edit them: rows addressed by a path of indexes into `subArgs`, each
 * bound to a literal (`Input`) or a reference key (`Reference`, original-frontend.md §3.3).
 */
export type ArgPath = readonly number[];

export const hasChildren = (dataType: string) => dataType === "Object" || dataType === "Array_Object";

let counter = 0;
/** A stable row key (the Arg's `key`, also React's). */
export function newArgKey() {
  counter += 1;
  return `a${Date.now().toString(36)}${counter.toString(36)}`;
}

export function emptyArg(bindable: boolean): Arg {
  const arg: Arg = { key: newArgKey(), name: "", dataType: "String" };
  if (bindable) arg.bindValueType = "Reference";
  return arg;
}

/** The list with `change` applied to the row at `path`. */
export function updateArg(args: readonly Arg[], path: ArgPath, change: (arg: Arg) => Arg): Arg[] {
  const [head, ...rest] = path;
  return args.map((arg, i) =>
    i !== head ? arg : rest.length ? { ...arg, subArgs: updateArg(arg.subArgs ?? [], rest, change) } : change(arg),
  );
}

/** A row added at the end of the list (`path` empty) or as the last child of the row at `path`. */
export function addArg(args: readonly Arg[], path: ArgPath, bindable: boolean): Arg[] {
  if (!path.length) return [...args, emptyArg(bindable)];
  return updateArg(args, path, (arg) => ({ ...arg, subArgs: [...(arg.subArgs ?? []), emptyArg(false)] }));
}

export function removeArg(args: readonly Arg[], path: ArgPath): Arg[] {
  const [head, ...rest] = path;
  if (!rest.length) return args.filter((_, i) => i !== head);
  return updateArg(args, path.slice(0, -1), (arg) => ({ ...arg, subArgs: removeArg(arg.subArgs ?? [], rest) }));
}

/** A new type; children are kept only by types that hold them. */
export function retypeArg(arg: Arg, dataType: string): Arg {
  const next: Arg = { ...arg, dataType };
  if (!hasChildren(dataType)) delete next.subArgs;
  return next;
}

/** Bound to a reference: takes the referenced type, and its name when the row has none (§3.3). */
export function bindReference(arg: Arg, option: ReferenceOption): Arg {
  return {
    ...arg,
    name: arg.name || option.name,
    dataType: option.dataType || "String",
    bindValueType: "Reference",
    bindValue: option.key,
  };
}

/** Switches between a literal and a reference; the old value is dropped (it means nothing in the other mode). */
export function setBindType(arg: Arg, bindValueType: "Input" | "Reference"): Arg {
  if (arg.bindValueType === bindValueType) return arg;
  const { bindValue: _dropped, ...rest } = arg;
  return { ...rest, bindValueType };
}

/** A literal typed as text, stored as the argument's type where it parses (numbers, booleans, JSON). */
export function literalOf(text: string, dataType: string): unknown {
  const trimmed = text.trim();
  if (trimmed === "") return "";
  if (dataType === "Integer" || dataType === "Number") {
    const n = Number(trimmed);
    return Number.isFinite(n) ? n : text;
  }
  if (dataType === "Boolean") return trimmed === "true" ? true : trimmed === "false" ? false : text;
  if (dataType === "Object" || dataType.startsWith("Array_")) {
    try {
      return JSON.parse(trimmed);
    } catch {
      return text;
    }
  }
  return text;
}

export function literalText(value: unknown): string {
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export interface ArgRules {
  /** What the list is called in messages (输入参数, 输出参数…). */
  label: string;
  /** Rows must be bound (a reference or a literal). */
  bindable?: boolean;
  /** A reference that is not among the options is an error (only real upstream nodes may be referenced). */
  references?: readonly ReferenceOption[];
}

/** The list's problems in Chinese: names missing, malformed or repeated; references unset or not upstream. */
export function validateArgs(args: readonly Arg[], rules: ArgRules): string[] {
  const problems: string[] = [];
  const walk = (list: readonly Arg[], where: string, top: boolean) => {
    const seen = new Set<string>();
    list.forEach((arg, i) => {
      const label = arg.name || `第 ${i + 1} 个参数`;
      if (!arg.name.trim()) problems.push(`${where}第 ${i + 1} 个参数未填写名称`);
      else if (!NAME.test(arg.name))
        problems.push(`${where}参数 ${arg.name} 只能包含字母、数字和下划线，且不能以数字开头`);
      else if (seen.has(arg.name)) problems.push(`${where}参数名 ${arg.name} 重复`);
      seen.add(arg.name);
      if (rules.bindable && top) {
        if (arg.bindValueType === "Reference") {
          if (typeof arg.bindValue !== "string" || !arg.bindValue) problems.push(`${where}参数 ${label} 未选择引用`);
          else if (rules.references && !rules.references.some((o) => o.key === arg.bindValue)) {
            problems.push(`${where}参数 ${label} 引用的变量不在上游节点中`);
          }
        } else if (
          (arg.dataType === "Object" || arg.dataType.startsWith("Array_")) &&
          typeof arg.bindValue === "string" &&
          arg.bindValue.trim()
        ) {
          problems.push(`${where}参数 ${label} 的值不是有效的 JSON`);
        }
      }
      if (arg.subArgs?.length) walk(arg.subArgs, `${where}${label}.`, false);
    });
  };
  walk(args, `${rules.label}：`, true);
  return problems;
}

/** A node config's argument list (stored configs may lack it). */
export const argsOf = (value: unknown): Arg[] => (Array.isArray(value) ? (value as Arg[]) : []);
