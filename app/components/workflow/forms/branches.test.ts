import { describe, expect, it } from "vitest";
import {
  addIntent,
  intentsOf,
  MAX_INTENTS,
  needsIntentDefaults,
  removeIntent,
  setIntent,
  validateIntents,
} from "./intent";
import { addOption, optionsOf, removeOption, setAnswerType, setOption, validateQa } from "./qa";

describe("intent recognition form state", () => {
  it("starts with one empty intent and the catch-all 其他意图, which stays last", () => {
    const intents = intentsOf({});
    expect(intents.map((i) => i.intentType ?? "")).toEqual(["", "OTHER"]);
    expect(needsIntentDefaults({})).toBe(true);
    expect(needsIntentDefaults({ intentConfigs: intents })).toBe(false);
    const more = addIntent(intents);
    expect(more.map((i) => i.intentType ?? "")).toEqual(["", "", "OTHER"]);
    expect(removeIntent(more, 2)).toBe(more);
    expect(removeIntent(more, 0)).toHaveLength(2);
  });

  it("caps the list at 26 intents", () => {
    let intents = intentsOf({});
    for (let i = 0; i < 40; i++) intents = addIntent(intents);
    expect(intents).toHaveLength(MAX_INTENTS);
  });

  it("validates empty, repeated and missing intents", () => {
    const intents = intentsOf({});
    expect(validateIntents({ intentConfigs: intents })).toEqual(["意图描述不能为空"]);
    const filled = setIntent(addIntent(setIntent(intents, 0, "查询订单")), 1, "查询订单");
    expect(validateIntents({ intentConfigs: filled })).toEqual(["意图描述不能重复"]);
    expect(validateIntents({ intentConfigs: [intents[1]] })).toEqual(["请至少添加一个意图"]);
    expect(validateIntents({ intentConfigs: setIntent(filled, 1, "退货") })).toEqual([]);
  });
});

describe("QA form state", () => {
  it("SELECT gets option A and the default 其他; options are lettered in order", () => {
    const config = setAnswerType({}, "SELECT");
    expect(config.answerType).toBe("SELECT");
    let options = optionsOf(config);
    expect(options.map((o) => o.index)).toEqual(["A", "其他"]);
    options = addOption(addOption(options));
    expect(options.map((o) => o.index)).toEqual(["A", "B", "C", "其他"]);
    options = removeOption(options, 0);
    expect(options.map((o) => o.index)).toEqual(["A", "B", "其他"]);
    expect(removeOption(options, 2)).toBe(options);
  });

  it("switching to TEXT and back keeps the options (and the edges drawn from them)", () => {
    const select = setAnswerType({}, "SELECT");
    expect(setAnswerType(select, "TEXT")).toEqual({ answerType: "TEXT" });
    const again = setAnswerType({ ...select, answerType: "TEXT" }, "SELECT");
    expect(again.options).toEqual(select.options);
  });

  it("validates the question, option texts, the reply count and the extracted fields", () => {
    const options = optionsOf({});
    expect(validateQa({ answerType: "SELECT", options })).toEqual(["请填写提问内容", "选项内容不能为空"]);
    expect(validateQa({ question: "选哪个？", answerType: "SELECT", options: setOption(options, 0, "红色") })).toEqual(
      [],
    );
    expect(
      validateQa({ question: "叫什么？", maxReplyCount: 11, outputArgs: [{ name: "1name", dataType: "String" }] }),
    ).toEqual([
      "最多回复次数必须是 0 到 10 的整数",
      "提取字段：参数 1name 只能包含字母、数字和下划线，且不能以数字开头",
    ]);
  });
});
