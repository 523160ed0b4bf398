import { describe, expect, it } from "vitest";
import type { Arg } from "#contract/args";
import { toolBindSchema } from "#contract/components";
import { readToolForm, toolDraftErrors, toolDraftOf, toolSummaryOf, toolUpdateOf } from "./tool-binding";

const declared: Arg[] = [
  { name: "city", description: "城市", dataType: "String", require: true },
  { name: "days", dataType: "Integer" },
  { name: "detail", dataType: "Boolean", enable: false },
  { name: "filters", dataType: "Object", subArgs: [{ name: "tag", dataType: "String" }] },
];
const fresh = { bindConfig: {}, exceptionOut: 0, fallbackMsg: "" };

function form(entries: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

/** Every row as the page posts it, ticked and left to the model unless changed. */
function posted(changes: Record<string, string | null> = {}, extra: [string, string][] = []) {
  const entries: [string, string][] = [];
  declared.forEach((arg, i) => {
    const row: Record<string, string | null> = { name: arg.name, enable: "on", fill: "model", value: "" };
    for (const [key, value] of Object.entries(changes)) {
      const [n, field] = key.split(".");
      if (n === arg.name && field) row[field] = value;
    }
    for (const [field, value] of Object.entries(row)) if (value !== null) entries.push([`args[${i}].${field}`, value]);
  });
  return form([...entries, ...extra]);
}

describe("tool binding settings", () => {
  it("shows a fresh binding on demand, each argument as the tool declares it, left to the model", () => {
    const draft = toolDraftOf(fresh, declared);
    expect(draft.invokeType).toBe("ON_DEMAND");
    expect(draft.args.map((a) => [a.name, a.enable, a.fill, a.require])).toEqual([
      ["city", true, "model", true],
      ["days", true, "model", false],
      ["detail", false, "model", false],
      ["filters", true, "model", false],
    ]);
    expect(draft.async).toBe(false);
    expect(draft.asyncReplyContent).toBe("已经开始为您处理，请耐心等待运行结果");
  });

  it("reads a stored binding back, dropping arguments the tool no longer declares", () => {
    const draft = toolDraftOf(
      {
        bindConfig: {
          invokeType: "AUTO",
          async: 1,
          asyncReplyContent: "稍等",
          directOutput: 1,
          inputArgBindConfigs: [
            { name: "days", dataType: "Integer", enable: false, bindValueType: "Input", bindValue: 3 },
            { name: "city", dataType: "String", bindValueType: "Reference", bindValue: "home" },
            { name: "gone", dataType: "String", bindValue: "x" },
          ],
        },
        exceptionOut: 1,
        fallbackMsg: "天气服务暂不可用",
      },
      declared,
    );
    expect(draft).toMatchObject({
      invokeType: "AUTO",
      async: true,
      asyncReplyContent: "稍等",
      directOutput: true,
      exceptionOut: true,
      fallbackMsg: "天气服务暂不可用",
    });
    expect(draft.args[0]).toMatchObject({ name: "city", enable: true, fill: "Reference", value: "home" });
    expect(draft.args[1]).toMatchObject({ name: "days", enable: false, fill: "Input", value: "3" });
    expect(draft.args).toHaveLength(4);
  });

  it("reads the original client's workflow argBindConfigs when there are no inputArgBindConfigs", () => {
    const draft = toolDraftOf(
      { ...fresh, bindConfig: { argBindConfigs: [{ name: "city", dataType: "String", bindValue: "北京" }] } },
      declared,
    );
    expect(draft.args[0]).toMatchObject({ fill: "Input", value: "北京" });
  });

  it("turns the posted form into the update, typed values and the rest of the bindConfig kept", () => {
    const draft = readToolForm(
      posted(
        {
          "days.enable": null,
          "days.fill": "Input",
          "days.value": " 7 ",
          "detail.fill": "Input",
          "detail.value": "true",
        },
        [
          ["invokeType", "AUTO"],
          ["async", "on"],
          ["asyncReplyContent", "正在查询"],
          ["exceptionOut", "on"],
          ["fallbackMsg", "查询失败"],
        ],
      ),
      declared,
      "Plugin",
    );
    expect(toolDraftErrors(draft, [])).toEqual({});
    const stored = { outputArgBindConfigs: [{ name: "out", dataType: "String" }], defaultSelected: 1 };
    const update = toolUpdateOf(draft, stored, "Plugin");
    expect(toolBindSchema.parse(update.bindConfig)).toEqual(update.bindConfig);
    expect(update).toMatchObject({ exceptionOut: 1, fallbackMsg: "查询失败" });
    expect(update.bindConfig).toMatchObject({
      invokeType: "AUTO",
      async: 1,
      asyncReplyContent: "正在查询",
      directOutput: 0,
      defaultSelected: 1,
      outputArgBindConfigs: stored.outputArgBindConfigs,
    });
    const [city, days, detail] = update.bindConfig.inputArgBindConfigs;
    expect(city).toMatchObject({ name: "city", enable: true, require: true });
    expect(city?.bindValue).toBeUndefined();
    expect(days).toMatchObject({ enable: false, bindValueType: "Input", bindValue: 7 });
    expect(detail).toMatchObject({ bindValueType: "Input", bindValue: true });
    // And back: the saved update reads as the form that was posted.
    expect(toolDraftOf({ ...update, bindConfig: update.bindConfig }, declared)).toEqual(draft);
  });

  it("offers directOutput to workflows only", () => {
    const data = posted({}, [["directOutput", "on"]]);
    expect(readToolForm(data, declared, "Plugin").directOutput).toBe(false);
    const draft = readToolForm(data, declared, "Workflow");
    expect(draft.directOutput).toBe(true);
    expect(toolUpdateOf(draft, {}, "Workflow").bindConfig.directOutput).toBe(1);
  });

  it("drops the original client's argBindConfigs on save so they cannot shadow the new settings", () => {
    const update = toolUpdateOf(readToolForm(posted(), declared, "Workflow"), { argBindConfigs: [] }, "Workflow");
    expect(update.bindConfig).not.toHaveProperty("argBindConfigs");
  });

  it("falls back to the default async reply when the box is left empty with async off", () => {
    const draft = readToolForm(posted({}, [["asyncReplyContent", ""]]), declared, "Plugin");
    expect(toolDraftErrors(draft, [])).toEqual({});
    expect(toolUpdateOf(draft, {}, "Plugin").bindConfig.asyncReplyContent).toBe("已经开始为您处理，请耐心等待运行结果");
  });

  it("says in Chinese what is wrong with each argument and the async reply", () => {
    const draft = readToolForm(
      posted(
        {
          "city.enable": null,
          "days.fill": "Input",
          "days.value": "2.5",
          "detail.fill": "Input",
          "detail.value": "是",
          "filters.fill": "Input",
          "filters.value": "{}",
        },
        [["async", "on"]],
      ),
      declared,
      "Plugin",
    );
    expect(toolDraftErrors(draft, ["home"])).toEqual({
      "args[0].value": "「city」是必填参数，对模型隐藏时请给出固定值或变量",
      "args[1].value": "「days」需要整数",
      "args[2].value": "「detail」只能是 true 或 false",
      "args[3].value": "「filters」是 Object，不能填固定值",
      asyncReplyContent: "请输入异步执行时的回复",
    });
    const refs = readToolForm(
      posted({ "city.fill": "Reference", "city.value": "nope", "days.fill": "Reference" }),
      declared,
      "Plugin",
    );
    expect(toolDraftErrors(refs, ["home"])).toEqual({
      "args[0].value": "智能体没有变量「nope」",
      "args[1].value": "请选择「days」取值的变量",
    });
    const empty = readToolForm(posted({ "city.fill": "Input" }), declared, "Plugin");
    expect(toolDraftErrors(empty, [])).toEqual({ "args[0].value": "请填写「city」的固定值" });
  });

  it("sums a binding up in one line for the editor", () => {
    expect(toolSummaryOf({})).toBe("按需调用");
    expect(
      toolSummaryOf({
        invokeType: "AUTO",
        async: 1,
        inputArgBindConfigs: [{ name: "a", dataType: "String", bindValue: "x" }],
      }),
    ).toBe("自动调用 · 1 个参数已绑定 · 异步");
  });
});
