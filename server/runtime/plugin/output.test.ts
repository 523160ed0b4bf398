import { describe, expect, it } from "vitest";
import { deriveOutputArgs, extractOutputs } from "./output";

const shape = (args: ReturnType<typeof deriveOutputArgs>): unknown =>
  args.map((a) => (a.subArgs ? [a.name, a.dataType, shape(a.subArgs)] : [a.name, a.dataType]));

describe("deriveOutputArgs (解析出参)", () => {
  it("infers types, nested children and arrays with an [Array_Item] child", () => {
    const args = deriveOutputArgs({
      code: 0,
      rate: 1.5,
      ok: true,
      msg: "好",
      none: null,
      data: { city: "上海", items: [{ id: 1 }, { id: 2, name: "乙" }], tags: ["a"], empty: [] },
    });
    expect(shape(args)).toEqual([
      ["code", "Integer"],
      ["rate", "Number"],
      ["ok", "Boolean"],
      ["msg", "String"],
      ["none", "String"],
      [
        "data",
        "Object",
        [
          ["city", "String"],
          [
            "items",
            "Array_Object",
            [
              [
                "[Array_Item]",
                "Object",
                [
                  ["id", "Integer"],
                  ["name", "String"],
                ],
              ],
            ],
          ],
          ["tags", "Array_String", [["[Array_Item]", "String"]]],
          ["empty", "Array_String", [["[Array_Item]", "String"]]],
        ],
      ],
    ]);
  });

  it("names a top-level array ROOT_ARRAY and ignores scalars", () => {
    expect(shape(deriveOutputArgs([{ a: 1 }]))).toEqual([
      ["ROOT_ARRAY", "Array_Object", [["[Array_Item]", "Object", [["a", "Integer"]]]]],
    ]);
    expect(deriveOutputArgs("text")).toEqual([]);
  });

  it("round-trips: derived args extract the same values back", () => {
    const sample = { data: { items: [{ id: 1, name: "甲" }], total: 1 }, ok: true };
    expect(extractOutputs(sample, deriveOutputArgs(sample))).toEqual(sample);
  });
});
