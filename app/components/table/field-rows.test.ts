import { describe, expect, it } from "vitest";
import {
  applyFieldEdit,
  checkDefinition,
  type FieldInfoLike,
  formFieldOf,
  isLocked,
  parseFieldEdit,
  readFieldRows,
  rowsOfFields,
  systemFields,
} from "./field-rows";

const field = (over: Partial<FieldInfoLike>): FieldInfoLike => ({
  id: 1,
  fieldName: "title",
  fieldDescription: "",
  systemFieldFlag: false,
  fieldType: 1,
  nullableFlag: true,
  uniqueFlag: false,
  enabledFlag: true,
  defaultValue: null,
  sortIndex: 0,
  ...over,
});

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe("table structure form", () => {
  it("splits system fields from custom ones and orders both by sortIndex", () => {
    const list = [
      field({ id: -1, fieldName: "id", systemFieldFlag: true, fieldType: 6, sortIndex: 0 }),
      field({ id: 8, fieldName: "b", sortIndex: 2, defaultValue: "x" }),
      field({ id: 7, fieldName: "a", sortIndex: 1, fieldType: 2 }),
    ];
    expect(systemFields(list).map((f) => f.fieldName)).toEqual(["id"]);
    const rows = rowsOfFields(list);
    expect(rows.map((r) => [r.id, r.fieldName, r.fieldType, r.defaultValue])).toEqual([
      ["7", "a", "2", ""],
      ["8", "b", "1", "x"],
    ]);
  });

  it("reads posted rows, an unticked checkbox being false", () => {
    const rows = readFieldRows(
      form({
        "fields[0].id": "7",
        "fields[0].fieldName": " score ",
        "fields[0].fieldType": "3",
        "fields[0].uniqueFlag": "on",
        "fields[0].defaultValue": "1.5",
        "fields[1].id": "",
        "fields[1].fieldName": "memo",
        "fields[1].nullableFlag": "on",
        "fields[1].enabledFlag": "on",
      }),
    );
    expect(rows).toMatchObject([
      { id: "7", fieldName: "score", fieldType: "3", nullableFlag: false, uniqueFlag: true, enabledFlag: false },
      { id: "", fieldName: "memo", fieldType: "1", nullableFlag: true, uniqueFlag: false, enabledFlag: true },
    ]);
  });

  it("adds a nullable enabled String row and removes the row a button names", () => {
    expect(parseFieldEdit("field-add")).toEqual({ op: "add" });
    expect(parseFieldEdit("field-remove:1")).toEqual({ op: "remove", index: 1 });
    expect(parseFieldEdit("field-remove:x")).toBeNull();
    expect(parseFieldEdit("save-structure")).toBeNull();
    const rows = rowsOfFields([field({ id: 1, fieldName: "a" }), field({ id: 2, fieldName: "b" })]);
    const added = applyFieldEdit(rows, { op: "add" });
    expect(added).toHaveLength(3);
    expect(added[2]).toMatchObject({
      id: "",
      fieldType: "1",
      nullableFlag: true,
      uniqueFlag: false,
      enabledFlag: true,
    });
    expect(new Set(added.map((r) => r.key)).size).toBe(3);
    expect(applyFieldEdit(rows, { op: "remove", index: 0 }).map((r) => r.fieldName)).toEqual(["b"]);
  });

  it("builds the contract's body: saved fields by id, new ones without, empty default as none", () => {
    const rows = readFieldRows(
      form({
        "fields[0].id": "7",
        "fields[0].fieldName": "age",
        "fields[0].fieldType": "2",
        "fields[0].enabledFlag": "on",
        "fields[1].fieldName": "name",
        "fields[1].fieldType": "7",
        "fields[1].defaultValue": "无名",
      }),
    );
    const checked = checkDefinition(3, rows);
    expect(checked).toEqual({
      ok: true,
      body: {
        id: 3,
        fieldList: [
          expect.objectContaining({ id: 7, fieldName: "age", fieldType: 2, defaultValue: null, sortIndex: 0 }),
          expect.objectContaining({ fieldName: "name", fieldType: 7, defaultValue: "无名", sortIndex: 1 }),
        ],
      },
    });
    if (checked.ok) expect(checked.body.fieldList[1]).not.toHaveProperty("id");
  });

  it("puts the contract's refusals under the row's field", () => {
    const rows = readFieldRows(form({ "fields[0].fieldName": "1bad", "fields[1].fieldName": "ok" }));
    const checked = checkDefinition(3, rows);
    expect(checked.ok).toBe(false);
    if (!checked.ok) {
      expect(Object.keys(checked.errors)).toEqual(["fields[0].fieldName"]);
      expect(checked.errors["fields[0].fieldName"]?.[0]).toMatch(/字段名只能包含字母/);
    }
    expect(formFieldOf(["fieldList", 2, "defaultValue"])).toBe("fields[2].defaultValue");
    expect(formFieldOf(["fieldList", "1", "fieldType"])).toBe("fields[1].fieldType");
    expect(formFieldOf(["id"])).toBe("");
  });

  it("locks only saved fields, and only while the table holds data", () => {
    const [saved] = rowsOfFields([field({ id: 4 })]);
    const added = applyFieldEdit([], { op: "add" })[0];
    if (!saved || !added) throw new Error("rows expected");
    expect(isLocked(saved, true)).toBe(true);
    expect(isLocked(saved, false)).toBe(false);
    expect(isLocked(added, true)).toBe(false);
  });
});
