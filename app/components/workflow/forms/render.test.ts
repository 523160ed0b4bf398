import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { NodeType } from "#contract/workflow-nodes";
import type { FormGraph, FormNode } from "./graph";
import { NodeForm } from "./node-form";

/** Start(1) → the node under test (2) → End(9); the dangling node 3 is not upstream of 2. */
function graphWith(type: NodeType, nodeConfig: Record<string, unknown>): FormGraph {
  const start: FormNode = {
    id: 1,
    name: "开始",
    type: "Start",
    nodeConfig: { inputArgs: [{ name: "query", dataType: "String" }] },
    nextNodeIds: [2],
  };
  const end: FormNode = { id: 9, name: "结束", type: "End", nodeConfig: {}, nextNodeIds: [] };
  return {
    startNode: start,
    endNode: end,
    nodes: [
      start,
      { id: 2, name: "被测节点", type, nodeConfig, nextNodeIds: [9] },
      { id: 3, name: "孤立节点", type: "LLM", nodeConfig: {}, nextNodeIds: [9] },
      end,
    ],
  };
}

function render(type: NodeType, nodeConfig: Record<string, unknown> = {}, errors?: string[]) {
  return renderToStaticMarkup(
    createElement(NodeForm, {
      graph: graphWith(type, nodeConfig),
      nodeId: 2,
      spaceId: 1,
      onChange: () => undefined,
      errors,
    }),
  );
}

/** The accessible names of the form's controls: <label for> pointing at an existing id, and aria-label. */
function labelsOf(html: string): Set<string> {
  const names = new Set<string>();
  for (const m of html.matchAll(/<label[^>]*for="([^"]+)"[^>]*>([^<]*)<\/label>/g)) {
    if (html.includes(`id="${m[1]}"`)) names.add(m[2]!);
  }
  for (const m of html.matchAll(/aria-label="([^"]+)"/g)) names.add(m[1]!);
  return names;
}

const query = { name: "q", dataType: "String", bindValueType: "Reference", bindValue: "1.query" };

const cases: [NodeType, Record<string, unknown>, string[]][] = [
  [
    "LLM",
    { inputArgs: [query] },
    [
      "模型",
      "温度",
      "Top P",
      "最大回复长度",
      "系统提示词",
      "用户提示词",
      "输出格式",
      "q引用",
      "超时时间（秒）",
      "重试次数",
      "异常时",
    ],
  ],
  ["Condition", {}, ["如果条件 1变量", "如果条件 1比较方式", "如果条件 1比较取值方式", "如果条件 1比较值"]],
  ["IntentRecognition", {}, ["模型", "意图 1", "补充提示词"]],
  [
    "QA",
    {
      answerType: "SELECT",
      options: [
        { uuid: "a", content: "红" },
        { uuid: "z", content: "其他" },
      ],
    },
    ["模型", "提问内容", "选项 A"],
  ],
  ["QA", {}, ["提问内容", "最多回复次数", "添加提取字段"]],
  ["Loop", { loopType: "SPECIFY_TIMES_LOOP", loopTimes: 3 }, ["循环次数", "添加循环变量", "添加输出参数"]],
  [
    "HTTPRequest",
    { method: "POST" },
    ["请求方法", "超时时间（秒）", "请求地址", "请求体格式", "添加请求头", "添加查询参数", "添加请求体"],
  ],
  ["Code", {}, ["代码", "添加输入参数", "添加输出参数"]],
  ["Variable", {}, ["添加设置变量"]],
  ["TextProcessing", {}, ["拼接文本", "数组连接符"]],
  ["TextProcessing", { textHandleType: "SPLIT", splits: ["，"] }, ["分隔符 1"]],
  ["End", { returnType: "TEXT" }, ["输出内容", "添加输出变量"]],
  ["Output", {}, ["输出内容"]],
  ["Plugin", {}, ["插件"]],
  ["Workflow", {}, ["工作流"]],
  ["Knowledge", {}, ["添加输入参数", "添加输出参数"]],
];

describe("<NodeForm>", () => {
  it.each(cases)("%s: every field has an accessible name", (type, config, expected) => {
    const names = labelsOf(render(type, config));
    for (const label of ["节点名称", "节点描述", ...expected]) expect(names, label).toContain(label);
  });

  it("offers only real upstream outputs as references, as 节点名 - 参数名", () => {
    const html = render("LLM", { inputArgs: [query] });
    expect(html).toContain("开始 - query");
    expect(html).not.toContain("孤立节点 - output");
  });

  it("lists the node's own problems and the errors it is given", () => {
    const html = render("HTTPRequest", {}, ["来自服务器的校验信息"]);
    expect(html).toContain("请填写请求地址");
    expect(html).toContain("来自服务器的校验信息");
  });

  it("says so when the node is gone", () => {
    const html = renderToStaticMarkup(
      createElement(NodeForm, { graph: graphWith("LLM", {}), nodeId: 404, spaceId: 1, onChange: () => undefined }),
    );
    expect(html).toContain("节点不存在或已删除");
  });
});
