import { z } from "zod";
import type { Arg } from "#contract/args";

/**
 * The argument tables as form rows. A table posts as indexed fields (`inputArgs[0].subArgs[1].name`), so it
 * works without JavaScript; these helpers turn the posted rows into the contract's `Arg` tree and back, and
 * make the structural edits (add a row, add a child, remove a row) that the table's buttons ask for.
 */
export type ArgList = "inputArgs" | "outputArgs";

/** One row as the form posts it: text everywhere, a checkbox present only when ticked. */
export interface ArgRow {
  key: string;
  name: string;
  description: string;
  dataType: string;
  require: boolean;
  enable: boolean;
  inputType: string;
  bindValue: string;
  subArgs: ArgRow[];
}

/** A row as parsed from the form: any field may be missing. */
type PostedRow = Partial<Omit<ArgRow, "subArgs">> & { subArgs?: PostedRow[] };

const rowSchema: z.ZodType<PostedRow> = z.lazy(() =>
  z.object({
    key: z.string().optional(),
    name: z.string().optional(),
    description: z.string().optional(),
    dataType: z.string().optional(),
    require: z.boolean().optional(),
    enable: z.boolean().optional(),
    inputType: z.string().optional(),
    bindValue: z.string().optional(),
    subArgs: z.array(rowSchema).optional(),
  }),
);

/** The arg tables of a posted form, read leniently (rules are the contract's, applied after conversion). */
export const argTablesSchema = z.object({
  inputArgs: z.array(rowSchema).default([]),
  outputArgs: z.array(rowSchema).default([]),
});

/** Types whose rows hold child rows: an object's fields, an object array's item fields. */
export const hasChildren = (dataType: string) => dataType === "Object" || dataType === "Array_Object";

let counter = 0;
/** A fresh row key (the Arg's stable `key`, also the React key). */
export function newKey() {
  counter += 1;
  return `k${Date.now().toString(36)}${counter.toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

export function emptyRow(list: ArgList): ArgRow {
  return {
    key: newKey(),
    name: "",
    description: "",
    dataType: "String",
    require: false,
    enable: true,
    inputType: list === "inputArgs" ? "Query" : "",
    bindValue: "",
    subArgs: [],
  };
}

/** A posted row made whole (absent checkboxes are unticked). */
export function fillRow(row: PostedRow, path: string): ArgRow {
  return {
    key: row.key?.trim() || `k-${path}`,
    name: row.name?.trim() ?? "",
    description: row.description?.trim() ?? "",
    dataType: row.dataType || "String",
    require: row.require ?? false,
    enable: row.enable ?? false,
    inputType: row.inputType ?? "",
    bindValue: row.bindValue ?? "",
    subArgs: (row.subArgs ?? []).map((r, i) => fillRow(r, `${path}-${i}`)),
  };
}

/** A default value shown as text: JSON for objects and arrays. */
function valueText(value: unknown) {
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** A default value typed as text, turned into the arg's type where text is not enough. */
export function parseValue(text: string, dataType: string): unknown {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
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

/** Stored args → rows (keys made up where an older arg has none, stable so server and browser agree). */
export function rowsOf(args: readonly Arg[] | undefined, path = "r"): ArgRow[] {
  return (args ?? []).map((arg, i) => ({
    key: arg.key || `k-${path}-${i}`,
    name: arg.name,
    description: arg.description ?? "",
    dataType: arg.dataType,
    require: arg.require ?? false,
    enable: arg.enable ?? true,
    inputType: arg.inputType ?? "",
    bindValue: valueText(arg.bindValue),
    subArgs: rowsOf(arg.subArgs, `${path}-${i}`),
  }));
}

/** Rows → the contract's args. `withLocation` keeps the HTTP location of input args. */
export function argsOf(rows: readonly ArgRow[], withLocation: boolean): Arg[] {
  return rows.map((row) => {
    const bindValue = parseValue(row.bindValue, row.dataType);
    const arg: Arg = {
      key: row.key,
      name: row.name,
      description: row.description,
      dataType: row.dataType,
      require: row.require,
      enable: row.enable,
    };
    if (withLocation && row.inputType) arg.inputType = row.inputType;
    if (bindValue !== undefined) {
      arg.bindValueType = "Input";
      arg.bindValue = bindValue;
    }
    if (hasChildren(row.dataType)) arg.subArgs = argsOf(row.subArgs, withLocation);
    return arg;
  });
}

/**
 * A table edit named by a submit button's `intent`: "add:inputArgs" (a top-level row), "add:inputArgs.0.2"
 * (a child of inputArgs[0].subArgs[2]), "remove:outputArgs.1" (that row and its children).
 */
export function parseEdit(intent: string): { op: "add" | "remove"; list: ArgList; path: number[] } | null {
  const match = /^(add|remove):(inputArgs|outputArgs)((?:\.\d{1,3}){0,6})$/.exec(intent);
  if (!match) return null;
  const path = (match[3] ?? "").split(".").filter(Boolean).map(Number);
  if (match[1] === "remove" && path.length === 0) return null;
  return { op: match[1] as "add" | "remove", list: match[2] as ArgList, path };
}

/** The rows with a row added under `path` (the list itself when empty) or the row at `path` removed. */
export function applyEdit(rows: ArgRow[], op: "add" | "remove", path: number[], list: ArgList): ArgRow[] {
  if (op === "add" && path.length === 0) return [...rows, emptyRow(list)];
  const [head, ...rest] = path;
  if (op === "remove" && rest.length === 0) return rows.filter((_, i) => i !== head);
  return rows.map((row, i) =>
    i === head
      ? {
          ...row,
          subArgs:
            op === "add" && rest.length === 0
              ? [...row.subArgs, emptyRow(list)]
              : applyEdit(row.subArgs, op, rest, list),
        }
      : row,
  );
}

/** A contract issue path (["inputArgs", 0, "subArgs", 1, "name"]) as the form field's name. */
export function fieldName(path: readonly PropertyKey[]) {
  return path.reduce<string>((name, part) => {
    if (typeof part === "number") return `${name}[${part}]`;
    return name ? `${name}.${String(part)}` : String(part);
  }, "");
}
