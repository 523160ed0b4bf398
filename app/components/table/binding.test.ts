import { describe, expect, it } from "vitest";
import { bindConfigOf, bindingDraftOf, readBindingForm } from "./binding";

const fields = [
  { fieldName: "id", fieldDescription: "主键", fieldType: 6 as const, systemFieldFlag: true, enabledFlag: true },
  { fieldName: "title", fieldDescription: "标题", fieldType: 1 as const, systemFieldFlag: false, enabledFlag: true },
  { fieldName: "count", fieldDescription: "", fieldType: 2 as const, systemFieldFlag: false, enabledFlag: true },
  { fieldName: "old", fieldDescription: "", fieldType: 1 as const, systemFieldFlag: false, enabledFlag: false },
];

function form(entries: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("table binding settings", () => {
  it("shows a fresh binding as every enabled custom field visible to the model, on demand, unscoped", () => {
    const draft = bindingDraftOf({}, fields);
    expect(draft.invokeType).toBe("ON_DEMAND");
    expect(draft.fields.map((f) => [f.name, f.enable, f.fill])).toEqual([
      ["title", true, "model"],
      ["count", true, "model"],
    ]);
    expect(Object.values(draft.conditions).every((v) => v === "")).toBe(true);
  });

  it("reads the posted form into a bindConfig: fixed values typed, variables by name, conditions as system args", () => {
    const draft = readBindingForm(
      form([
        ["invokeType", "AUTO"],
        ["fields[0].name", "title"],
        ["fields[0].enable", "on"],
        ["fields[0].fill", "model"],
        ["fields[0].value", "ignored"],
        ["fields[1].name", "count"],
        ["fields[1].fill", "Input"],
        ["fields[1].value", " 3 "],
        ["fields[2].name", "gone"],
        ["conditions.uid", "SYS_USER_ID"],
        ["conditions.agent_id", ""],
        ["conditions.created", "CURRENT_TIME"],
      ]),
      fields,
    );
    const stored = { outputArgBindConfigs: [{ name: "out", dataType: "String" }], invokeType: "MANUAL" };
    const bind = bindConfigOf(draft, stored);
    // A table has no AUTO mode: its tools need the model's arguments.
    expect(bind.invokeType).toBe("ON_DEMAND");
    expect(bind.outputArgBindConfigs).toEqual([{ name: "out", dataType: "String" }]);
    expect(bind.inputArgBindConfigs).toEqual([
      { key: "title", name: "title", description: "标题", dataType: "String", require: false, enable: true },
      {
        key: "count",
        name: "count",
        description: "",
        dataType: "Integer",
        require: false,
        enable: false,
        bindValueType: "Input",
        bindValue: 3,
      },
      {
        key: "uid",
        name: "uid",
        dataType: "String",
        enable: false,
        systemVariable: true,
        bindValueType: "Reference",
        bindValue: "SYS_USER_ID",
      },
    ]);
  });

  it("shows a saved bindConfig back in the form it was saved from", () => {
    const draft = readBindingForm(
      form([
        ["invokeType", "MANUAL_ON_DEMAND"],
        ["fields[0].name", "title"],
        ["fields[0].fill", "Reference"],
        ["fields[0].value", "city"],
        ["fields[1].name", "count"],
        ["fields[1].enable", "on"],
        ["conditions.agent_id", "AGENT_ID"],
      ]),
      fields,
    );
    const again = bindingDraftOf(bindConfigOf(draft, {}), fields);
    expect(again).toEqual(draft);
    expect(again.fields[0]).toMatchObject({ fill: "Reference", value: "city", enable: false });
    expect(again.conditions.agent_id).toBe("AGENT_ID");
  });
});
