import { describe, expect, it } from "vitest";
import { argSchema } from "./args";
import { nodeKinds, nodeTypes, palette, paletteGroups } from "./workflow-nodes";

describe("workflow node kinds", () => {
  it("has exactly one descriptor per node type, keyed by its own type", () => {
    expect(new Set(nodeTypes).size).toBe(nodeTypes.length);
    expect(Object.keys(nodeKinds).sort()).toEqual([...nodeTypes].sort());
    for (const [key, kind] of Object.entries(nodeKinds)) expect(kind.type).toBe(key);
  });

  it("puts every node in a known palette group, or none for those the user never adds", () => {
    const groups = new Set<string>(paletteGroups.map((g) => g.key));
    expect(groups.size).toBe(paletteGroups.length);
    const hidden = Object.values(nodeKinds)
      .filter((k) => k.group === null)
      .map((k) => k.type);
    for (const kind of Object.values(nodeKinds)) {
      if (kind.group !== null) expect(groups, kind.type).toContain(kind.group);
    }
    expect(hidden.sort()).toEqual(["End", "Interval", "LoopCondition", "LoopEnd", "LoopStart", "Start"]);
    // Every group shows at least one node, and the palette lists each palette node once.
    for (const group of palette) expect(group.kinds.length, group.key).toBeGreaterThan(0);
    expect(palette.flatMap((g) => g.kinds).length).toBe(nodeTypes.length - hidden.length);
  });

  it("labels every node in Chinese, the palette's own words", () => {
    expect(nodeKinds.LLM.label).toBe("大模型");
    expect(nodeKinds.TableSQL.label).toBe("SQL自定义");
    expect(palette.find((g) => g.key === "Logic")?.kinds.map((k) => k.label)).toEqual([
      "代码",
      "条件分支",
      "意图识别",
      "循环",
      "继续循环",
      "终止循环",
    ]);
    for (const kind of Object.values(nodeKinds)) expect(kind.label.trim(), kind.type).not.toBe("");
  });

  it("accepts an empty config and unknown fields, refuses a wrong enumeration, and has valid default arguments", () => {
    for (const kind of Object.values(nodeKinds)) {
      expect(kind.configSchema.safeParse({}).success, kind.type).toBe(true);
      expect(kind.configSchema.parse({ future: 1 }), kind.type).toMatchObject({ future: 1 });
      for (const arg of [...kind.defaultInputs, ...kind.defaultOutputs]) {
        expect(argSchema.safeParse(arg).success, `${kind.type}.${arg.name}`).toBe(true);
      }
    }
    expect(nodeKinds.End.configSchema.safeParse({ returnType: "HTML" }).success).toBe(false);
    expect(nodeKinds.Loop.configSchema.safeParse({ loopType: "FOREVER" }).success).toBe(false);
  });
});
