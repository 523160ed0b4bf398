import { describe, expect, it } from "vitest";
import { applyCompletion, completionAt, matchNames, templateProblems, unknownPlaceholders } from "./template";

describe("{{ completion", () => {
  it("opens after {{ and follows what is typed; closes outside a placeholder", () => {
    expect(completionAt("你好 {{", 5)).toEqual({ start: 3, query: "" });
    expect(completionAt("你好 {{na", 7)).toEqual({ start: 3, query: "na" });
    expect(completionAt("你好 {{name}} 再见", 13)).toBeNull();
    expect(completionAt("no braces", 4)).toBeNull();
  });

  it("lists names starting with the query first, then containing it", () => {
    expect(matchNames(["username", "name", "age"], "na")).toEqual(["name", "username"]);
  });

  it("writes {{name}} and puts the caret after it, without doubling a typed }}", () => {
    expect(applyCompletion("Hi {{na", 3, 7, "name")).toEqual({ text: "Hi {{name}}", caret: 11 });
    expect(applyCompletion("Hi {{na}}!", 3, 7, "name")).toEqual({ text: "Hi {{name}}!", caret: 11 });
  });

  it("finds placeholders naming undeclared variables (paths and indexes name their root)", () => {
    expect(unknownPlaceholders("{{a.b}} {{a[0]}} {{ c }} {{}}", ["a"])).toEqual(["c", ""]);
    expect(templateProblems("提示词", "{{x}}", [])).toEqual(["提示词中的变量 {{x}} 未在参数中声明"]);
    expect(templateProblems("提示词", undefined, [])).toEqual([]);
  });
});
