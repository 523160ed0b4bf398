import { describe, expect, it } from "vitest";
import { convertLiteral, parsePath, parseReference, readPath, resolveArg } from "./values";

describe("workflow values", () => {
  it("parses paths and the three reference forms", () => {
    expect(parsePath("a.b[0].c")).toEqual(["a", "b", 0, "c"]);
    expect(parsePath("a..b")).toBeNull();
    expect(parsePath("[0]")).toBeNull();
    expect(parseReference("12.output.list[1].name")).toEqual({
      kind: "node",
      nodeId: 12,
      path: ["output", "list", 1, "name"],
    });
    expect(parseReference("5-input.items_item.id")).toEqual({
      kind: "loopInput",
      loopId: 5,
      name: "items_item",
      path: ["id"],
    });
    expect(parseReference("5-input.INDEX")).toEqual({ kind: "loopInput", loopId: 5, name: "INDEX", path: [] });
    expect(parseReference("5-var.total")).toEqual({ kind: "loopVar", loopId: 5, name: "total", path: [] });
    expect(parseReference("output")).toBeNull();
    expect(parseReference(12)).toBeNull();
  });

  it("reads deep paths, projecting a name over a list", () => {
    const output = { data: { rows: [{ user: { name: "甲" } }, { user: { name: "乙" } }], total: 2 } };
    expect(readPath(output, ["data", "rows", 1, "user", "name"])).toBe("乙");
    expect(readPath(output, ["data", "rows", "user", "name"])).toEqual(["甲", "乙"]);
    expect(readPath(output, ["data", "missing", "x"])).toBeUndefined();
    expect(readPath(output, ["data", "total", "x"])).toBeUndefined();
  });

  it("converts literals to their declared type and names a value that does not fit", () => {
    expect(convertLiteral("42", "Integer", "n")).toBe(42);
    expect(convertLiteral("4.5", "Number", "x")).toBe(4.5);
    expect(convertLiteral("true", "Boolean", "b")).toBe(true);
    expect(convertLiteral('{"a":1}', "Object", "o")).toEqual({ a: 1 });
    expect(convertLiteral('["1","2"]', "Array_Integer", "l")).toEqual([1, 2]);
    expect(convertLiteral(7, "String", "s")).toBe("7");
    expect(convertLiteral("", "Integer", "n")).toBeNull();
    expect(() => convertLiteral("4.5", "Integer", "n")).toThrow("参数 n 的值不是整数");
    expect(() => convertLiteral("abc", "Object", "o")).toThrow("参数 o 的值不是对象");
    expect(() => convertLiteral("maybe", "Boolean", "b")).toThrow("参数 b 的值不是布尔值");
  });

  it("builds an Object argument from its sub-arguments, each literal or reference", () => {
    const read = () => "引用值";
    const value = resolveArg(
      {
        name: "body",
        dataType: "Object",
        bindValueType: "Input",
        subArgs: [
          { name: "a", dataType: "Integer", bindValueType: "Input", bindValue: "1" },
          { name: "b", dataType: "String", bindValueType: "Reference", bindValue: "3.output" },
        ],
      },
      read,
    );
    expect(value).toEqual({ a: 1, b: "引用值" });
  });
});
