import { describe, expect, it } from "vitest";
import { nodeKinds } from "#contract/workflow-nodes";
import {
  addArg,
  bindReference,
  literalOf,
  removeArg,
  retypeArg,
  setBindType,
  updateArg,
  validateArgs,
} from "./args-state";
import { codeOf, isNewCode, setCode, setLanguage, starterConfig, validateCode } from "./code";
import { exceptionOf, validateException } from "./exception";
import { validateHttp } from "./http";
import { setLoopType, validateLoop } from "./loop";
import { validateModel } from "./model";
import { schemaFields } from "./schema-fields";
import { chooseTarget, mergeInputs, targetIdOf, validateTarget } from "./target";
import { addSplit, setMode, setSplit, validateText } from "./text";

const ref = { key: "1.items", label: "开始 - items", dataType: "Array_String", name: "items" };

describe("argument rows", () => {
  it("adds, nests, retypes and removes rows by path", () => {
    let args = addArg([], [], true);
    args = updateArg(args, [0], (a) => retypeArg({ ...a, name: "user" }, "Object"));
    args = addArg(args, [0], false);
    args = updateArg(args, [0, 0], (a) => ({ ...a, name: "id" }));
    expect(args).toMatchObject([
      { name: "user", dataType: "Object", bindValueType: "Reference", subArgs: [{ name: "id" }] },
    ]);
    expect(retypeArg(args[0]!, "String").subArgs).toBeUndefined();
    expect(removeArg(args, [0, 0])[0]!.subArgs).toEqual([]);
    expect(removeArg(args, [0])).toEqual([]);
  });

  it("a picked reference gives its type and, for an unnamed row, its name; switching mode clears the value", () => {
    const bound = bindReference({ name: "", dataType: "String" }, ref);
    expect(bound).toEqual({
      name: "items",
      dataType: "Array_String",
      bindValueType: "Reference",
      bindValue: "1.items",
    });
    expect(setBindType(bound, "Input")).toEqual({ name: "items", dataType: "Array_String", bindValueType: "Input" });
  });

  it("literals are stored as their type", () => {
    expect(literalOf("42", "Integer")).toBe(42);
    expect(literalOf("true", "Boolean")).toBe(true);
    expect(literalOf('["a"]', "Array_String")).toEqual(["a"]);
    expect(literalOf("[oops", "Array_String")).toBe("[oops");
  });

  it("refuses unnamed, malformed, repeated names, unset and non-upstream references, broken JSON", () => {
    const problems = validateArgs(
      [
        { name: "", dataType: "String", bindValueType: "Input", bindValue: "x" },
        { name: "a-b", dataType: "String", bindValueType: "Input" },
        { name: "q", dataType: "String", bindValueType: "Reference" },
        { name: "q", dataType: "String", bindValueType: "Reference", bindValue: "9.x" },
        { name: "o", dataType: "Object", bindValueType: "Input", bindValue: "{oops" },
      ],
      { label: "输入参数", bindable: true, references: [ref] },
    );
    expect(problems).toEqual([
      "输入参数：第 1 个参数未填写名称",
      "输入参数：参数 a-b 只能包含字母、数字和下划线，且不能以数字开头",
      "输入参数：参数 q 未选择引用",
      "输入参数：参数名 q 重复",
      "输入参数：参数 q 引用的变量不在上游节点中",
      "输入参数：参数 o 的值不是有效的 JSON",
    ]);
  });
});

describe("model, exception and generic settings", () => {
  it("model: a model is required, sampling values within range", () => {
    expect(validateModel({})).toEqual(["请选择模型"]);
    expect(validateModel({ modelId: 1, temperature: 3, topP: -1, maxTokens: 1.5 })).toEqual([
      "温度必须在 0 到 2 之间",
      "Top P必须在 0 到 1 之间",
      "最大回复长度必须是正整数",
    ]);
    expect(validateModel({ modelId: 1, temperature: 0.7, topP: 1, maxTokens: 1024 })).toEqual([]);
  });

  it("exception: defaults to interrupt without retries; fixed content must be a JSON object", () => {
    expect(exceptionOf({})).toEqual({ exceptionHandleType: "INTERRUPT", retryCount: 0 });
    const specific = (specificContent: string) => ({
      exceptionHandleConfig: { exceptionHandleType: "SPECIFIC_CONTENT", specificContent },
    });
    expect(validateException(specific('{"output":"抱歉"}'))).toEqual([]);
    expect(validateException(specific("[1]"))).toHaveLength(1);
    expect(validateException({ exceptionHandleConfig: { exceptionHandleType: "INTERRUPT", timeout: 0 } })).toEqual([
      "超时时间必须是正整数（秒）",
    ]);
  });

  it("the generic form reads plain fields from a kind's schema and leaves arguments to its tables", () => {
    expect(schemaFields(nodeKinds.HTTPRequest.configSchema).map((f) => f.key)).toEqual([
      "method",
      "url",
      "contentType",
      "timeout",
    ]);
    expect(schemaFields(nodeKinds.Knowledge.configSchema)).toEqual([]);
    expect(schemaFields(nodeKinds.End.configSchema)).toContainEqual({
      key: "returnType",
      kind: "enum",
      values: ["VARIABLE", "TEXT"],
    });
  });
});

describe("loop settings", () => {
  it("switching the type drops the other types' settings", () => {
    expect(setLoopType({ loopTimes: 5 }, "ARRAY_LOOP")).toEqual({ loopType: "ARRAY_LOOP", loopTimes: null });
    expect(setLoopType({}, "SPECIFY_TIMES_LOOP")).toEqual({
      loopType: "SPECIFY_TIMES_LOOP",
      loopTimes: 1,
      inputArgs: [],
    });
    expect(setLoopType({}, "INFINITE_LOOP")).toMatchObject({ loopType: "INFINITE_LOOP", inputArgs: [] });
  });

  it("validates arrays, counts, variables and outputs from the body", () => {
    expect(validateLoop({}, [ref], [])).toEqual(["请设置要循环的数组"]);
    expect(
      validateLoop(
        { inputArgs: [{ name: "x", dataType: "String", bindValueType: "Reference", bindValue: "1.items" }] },
        [ref],
        [],
      ),
    ).toEqual(["循环数组 x 的类型必须是数组"]);
    expect(validateLoop({ loopType: "SPECIFY_TIMES_LOOP", loopTimes: 0 }, [], [])).toEqual([
      "循环次数必须是大于 0 的整数",
    ]);
    const body = [{ key: "31.a", label: "第一步 - a", dataType: "String", name: "a" }];
    const outputs = {
      loopType: "INFINITE_LOOP",
      outputArgs: [{ name: "all", dataType: "Array_String", bindValueType: "Reference", bindValue: "31.a" }],
    };
    expect(validateLoop(outputs, [], body)).toEqual([]);
    expect(validateLoop(outputs, [], [])).toEqual(["输出参数：参数 all 引用的变量不在上游节点中"]);
  });
});

describe("HTTP request settings", () => {
  it("needs an http(s) address or a template, a sane timeout, and only declared placeholders", () => {
    expect(validateHttp({}, [])).toEqual(["请填写请求地址"]);
    expect(validateHttp({ url: "ftp://x" }, [])).toEqual(["请求地址必须以 http:// 或 https:// 开头"]);
    expect(validateHttp({ url: "https://a.example/{{id}}", timeout: 999 }, [])).toEqual([
      "请求地址中的变量 {{id}} 未在参数中声明",
      "超时时间必须是 1 到 300 秒的整数",
    ]);
    const ok = {
      url: "{{base}}/items",
      method: "POST",
      inputArgs: [{ name: "base", dataType: "String", bindValueType: "Input", bindValue: "https://a.example" }],
      headers: [{ name: "token", dataType: "String", bindValueType: "Reference", bindValue: "1.items" }],
      body: [{ name: "q", dataType: "String", bindValueType: "Reference" }],
    };
    expect(validateHttp(ok, [ref])).toEqual(["请求体：参数 q 未选择引用"]);
    expect(validateHttp({ ...ok, method: "GET" }, [ref])).toEqual([]);
  });
});

describe("code settings", () => {
  it("a new node gets the starter code with its input and output; each language keeps its own code", () => {
    expect(isNewCode({})).toBe(true);
    const config = starterConfig({});
    expect(config).toMatchObject({
      codeLanguage: "JavaScript",
      inputArgs: [{ name: "input" }],
      outputArgs: [{ name: "output" }],
    });
    expect(isNewCode(config)).toBe(false);
    const edited = { ...config, ...setCode(config, "export default () => ({ output: 1 })") };
    const python = { ...edited, ...setLanguage(edited, "Python") };
    expect(codeOf(python)).toContain("def main(args)");
    expect(codeOf({ ...python, codeLanguage: "JavaScript" })).toBe("export default () => ({ output: 1 })");
    expect(validateCode({ codeLanguage: "Python", codePython: "  " })).toEqual(["请填写代码"]);
  });

  it("older nodes' generic `code` is shown when the language slot is empty", () => {
    expect(codeOf({ codeLanguage: "Python", code: "def main(args): return {}" })).toBe("def main(args): return {}");
  });
});

describe("text processing settings", () => {
  it("CONCAT needs a text naming declared inputs; SPLIT needs separators and an input", () => {
    expect(validateText({}, [])).toEqual(["请填写要拼接的文本"]);
    expect(
      validateText(
        { text: "{{a}}-{{b}}", inputArgs: [{ name: "a", dataType: "String", bindValueType: "Input", bindValue: "x" }] },
        [],
      ),
    ).toEqual(["拼接文本中的变量 {{b}} 未在参数中声明"]);
    const split: Record<string, unknown> = { ...setMode("SPLIT"), splits: setSplit(addSplit([]), 0, "\\n") };
    expect(split.outputArgs).toEqual([{ name: "output", dataType: "Array_String" }]);
    expect(validateText(split, [])).toEqual(["请添加要分隔的输入参数"]);
    expect(validateText({ ...setMode("SPLIT"), splits: [""] }, [])).toEqual([
      "分隔符不能为空",
      "请添加要分隔的输入参数",
    ]);
  });
});

describe("plugin and workflow targets", () => {
  const plugin = { id: 5, name: "插件", type: "Plugin" as const, nodeConfig: {} };

  it("choosing a target sets its id on the node and config and clears the old parameters", () => {
    const chosen = chooseTarget({ ...plugin, nodeConfig: { inputArgs: [{ name: "x", dataType: "String" }] } }, 12);
    expect(chosen).toMatchObject({
      typeId: 12,
      nodeConfig: { pluginId: 12, typeId: 12, inputArgs: [], outputArgs: [] },
    });
    expect(targetIdOf(chosen)).toBe(12);
    expect(targetIdOf({ ...plugin, type: "Workflow", typeId: 3 })).toBe(3);
  });

  it("merging keeps the bindings of parameters that still exist and starts new ones from their defaults", () => {
    const merged = mergeInputs(
      [
        { name: "city", dataType: "String", bindValueType: "Reference", bindValue: "1.city" },
        { name: "gone", dataType: "String" },
      ],
      [
        { name: "city", dataType: "String", require: true },
        { name: "unit", dataType: "String", bindValue: "c" },
        { name: "hidden", dataType: "String", enable: false },
      ],
    );
    expect(merged).toEqual([
      { name: "city", dataType: "String", require: true, bindValueType: "Reference", bindValue: "1.city" },
      { name: "unit", dataType: "String", bindValueType: "Input", bindValue: "c" },
    ]);
  });

  it("requires a target and the required parameters; optional ones may stay empty", () => {
    expect(validateTarget(plugin, [])).toEqual(["请选择插件"]);
    const self = { ...plugin, type: "Workflow" as const, typeId: 7 };
    expect(validateTarget(self, [], { id: 7, nodes: [] })).toEqual(["工作流不能调用它自身"]);
    expect(validateTarget(self, [], { id: 8, nodes: [] })).toEqual([]);
    const node = {
      ...plugin,
      nodeConfig: {
        pluginId: 12,
        inputArgs: [
          { name: "city", dataType: "String", require: true, bindValueType: "Reference" as const },
          { name: "unit", dataType: "String", bindValueType: "Reference" as const },
          { name: "q", dataType: "String", bindValueType: "Reference" as const, bindValue: "9.gone" },
        ],
      },
    };
    expect(validateTarget(node, [])).toEqual([
      "输入参数：必填参数 city 未选择引用",
      "输入参数：参数 q 引用的变量不在上游节点中",
    ]);
  });
});
