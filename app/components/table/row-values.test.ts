import { describe, expect, it } from "vitest";
import type { FieldInfoLike } from "./field-rows";
import {
  apiDateValue,
  cellText,
  dateInputValue,
  editableColumns,
  parseCell,
  readRowData,
  rowTexts,
  storedTexts,
} from "./row-values";

let nextId = 1;
const column = (fieldName: string, fieldType: FieldInfoLike["fieldType"], over: Partial<FieldInfoLike> = {}) => ({
  id: nextId++,
  fieldName,
  fieldDescription: "",
  systemFieldFlag: false,
  fieldType,
  nullableFlag: true,
  uniqueFlag: false,
  enabledFlag: true,
  defaultValue: null,
  sortIndex: 0,
  ...over,
});

const columns: FieldInfoLike[] = [
  column("id", 6, { systemFieldFlag: true }),
  column("title", 1),
  column("count", 2),
  column("price", 3),
  column("done", 4),
  column("due", 5),
  column("notes", 7),
  column("hidden", 1, { enabledFlag: false }),
];

describe("table row form", () => {
  it("offers only the enabled custom columns", () => {
    expect(editableColumns(columns).map((c) => c.fieldName)).toEqual([
      "title",
      "count",
      "price",
      "done",
      "due",
      "notes",
    ]);
  });

  it("turns posted texts into typed values; empty is null, unreadable text goes on for the server to refuse", () => {
    const data = new FormData();
    data.set("row.title", " 你好 ");
    data.set("row.count", "42");
    data.set("row.price", "abc");
    data.set("row.done", "false");
    data.set("row.due", "2026-03-04T05:06");
    data.set("row.notes", "");
    data.set("row.hidden", "ignored");
    data.set("title", "not a row field");
    expect(readRowData(data, columns)).toEqual({
      title: " 你好 ",
      count: 42,
      price: "abc",
      done: false,
      due: "2026-03-04 05:06:00",
      notes: null,
    });
    expect(rowTexts(data, columns)).toMatchObject({ title: " 你好 ", price: "abc", notes: "" });
  });

  it("converts dates between the API's form and a datetime-local input's", () => {
    expect(dateInputValue("2026-03-04 05:06:07")).toBe("2026-03-04T05:06:07");
    expect(apiDateValue("2026-03-04T05:06:07")).toBe("2026-03-04 05:06:07");
    expect(apiDateValue("2026-03-04T05:06")).toBe("2026-03-04 05:06:00");
    expect(apiDateValue("明天")).toBe("明天");
    expect(parseCell("  ", 5)).toBeNull();
    expect(parseCell("1.25", 3)).toBe(1.25);
    expect(parseCell("true", 4)).toBe(true);
  });

  it("shows stored values in their inputs and cells", () => {
    const texts = storedTexts(
      { id: 1, title: "a", count: 3, done: true, due: "2026-01-02 03:04:05", notes: null },
      columns,
    );
    expect(texts).toEqual({ title: "a", count: "3", price: "", done: "true", due: "2026-01-02T03:04:05", notes: "" });
    expect(cellText(true, 4)).toBe("是");
    expect(cellText(false, 4)).toBe("否");
    expect(cellText(null, 1)).toBe("");
    expect(cellText(12.5, 3)).toBe("12.5");
  });
});
