import { useEffect, useState } from "react";
import type { Arg } from "#contract/args";

/** Where the workflow editor's table nodes read the space's tables and a table's fields (and ask the SQL assistant). */
export const TABLE_NODE_OPTIONS = "/resources/table-node-options";

export interface TableNodeField {
  name: string;
  description: string;
  fieldType: number;
}

export interface TableNodeOptions {
  tables: { id: number; name: string }[];
  /** The custom fields of the table asked for (empty without one). */
  fields: TableNodeField[];
}

const empty: TableNodeOptions = { tables: [], fields: [] };

/** One request per URL while the editor is open: switching between nodes does not ask again. */
const cache = new Map<string, Promise<TableNodeOptions>>();

function load(url: string) {
  let pending = cache.get(url);
  if (!pending) {
    pending = fetch(url, { headers: { accept: "application/json" } })
      .then((res) => (res.ok ? (res.json() as Promise<TableNodeOptions>) : empty))
      .catch(() => empty);
    // A failed read is not kept: the next node opened asks again.
    pending.then((o) => o === empty && cache.delete(url));
    cache.set(url, pending);
  }
  return pending;
}

/** The space's tables, and the chosen table's fields once it is chosen. */
export function useTableNodeOptions(spaceId: number, tableId: number) {
  const [options, setOptions] = useState<TableNodeOptions>(empty);
  useEffect(() => {
    let live = true;
    const params = new URLSearchParams({ spaceId: String(spaceId) });
    if (tableId > 0) params.set("tableId", String(tableId));
    void load(`${TABLE_NODE_OPTIONS}?${params}`).then((o) => live && setOptions(o));
    return () => {
      live = false;
    };
  }, [spaceId, tableId]);
  return options;
}

/** A field's type as an argument's data type (dates travel as text). */
export function argType(fieldType: number): Arg["dataType"] {
  if (fieldType === 2) return "Integer";
  if (fieldType === 3) return "Number";
  if (fieldType === 4) return "Boolean";
  return "String";
}

/** The outputs every table node answers (reference original-backend.md §6.4). */
export const tableOutputs: Arg[] = [
  { name: "outputList", dataType: "Array_Object", bindValueType: "Input", description: "查询到的行" },
  { name: "id", dataType: "Integer", bindValueType: "Input", description: "新增行的 id" },
  { name: "rowNum", dataType: "Integer", bindValueType: "Input", description: "返回或影响的行数" },
  { name: "success", dataType: "Boolean", bindValueType: "Input", description: "是否成功" },
];

/** The node's inputs with one per field it lacks (named after the field, typed by it, value still to set). */
export function withFieldArgs(args: readonly Arg[], fields: readonly TableNodeField[]): Arg[] {
  const names = new Set(args.map((a) => a.name));
  const added = fields
    .filter((f) => !names.has(f.name))
    .map(
      (f): Arg => ({
        key: `field-${f.name}`,
        name: f.name,
        dataType: argType(f.fieldType),
        description: f.description,
        bindValueType: "Input",
      }),
    );
  return [...args, ...added];
}
