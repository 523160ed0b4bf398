import { describe, expect, it } from "vitest";
import { startWorkflow } from "../executor";
import { drain, graphOf, lit, param, ref, wfNode } from "../testing";
import { compare } from "./Condition";

describe("cheap workflow nodes", () => {
  it("compares like the original Condition node", () => {
    expect(compare("EQUAL", ["a", "b"], "a")).toBe(true);
    expect(compare("EQUAL", 1, "1")).toBe(true);
    expect(compare("GREATER_THAN", "10", 9)).toBe(true);
    expect(compare("LESS_THAN", "abc", 9)).toBe(false);
    expect(compare("LENGTH_GREATER_THAN_OR_EQUAL", "长城", 2)).toBe(true);
    expect(compare("LENGTH_LESS_THAN", [1, 2, 3], 3)).toBe(false);
    expect(compare("CONTAINS", "hello world", "wor")).toBe(true);
    expect(compare("CONTAINS", [1, 2], "2")).toBe(true);
    expect(compare("NOT_CONTAINS", "abc", "z")).toBe(true);
    expect(compare("MATCH_REGEX", "a-123", "^a-\\d+$")).toBe(true);
    expect(compare("IS_NULL", "", null)).toBe(true);
    expect(compare("IS_NULL", [], null)).toBe(true);
    expect(compare("NOT_NULL", 0, null)).toBe(true);
    expect(() => compare("MATCH_REGEX", "a", "(")).toThrow("正则表达式 ( 不正确");
    expect(() => compare("MATCH_REGEX", "a", "a".repeat(501))).toThrow("正则表达式过长（最多 500 个字符）");
  });

  it("matches builders' regular expressions in linear time: catastrophic patterns answer, look-around is refused", () => {
    // On a backtracking engine each of these takes longer than the universe has left on this subject.
    const subject = `${"a".repeat(9_999)}!`;
    expect(compare("MATCH_REGEX", subject, "(a+)+$")).toBe(false);
    expect(compare("MATCH_REGEX", subject, "^(a|aa)+$")).toBe(false);
    expect(compare("MATCH_REGEX", subject, "(a*)*b")).toBe(false);
    expect(compare("MATCH_REGEX", `${"a".repeat(9_999)}`, "(a+)+$")).toBe(true);
    expect(compare("MATCH_REGEX", "电话 13812345678", "1[3-9]\\d{9}")).toBe(true);
    expect(compare("MATCH_REGEX", "我爱长城", "^我.长")).toBe(true);
    expect(() => compare("MATCH_REGEX", "ab", "a(?=b)")).toThrow("不支持环视和反向引用");
    expect(() => compare("MATCH_REGEX", "aa", "(a)\\1")).toThrow("不正确");
  });

  it("guards variable and output sizes with Chinese messages", async () => {
    const setBig = graphOf([
      wfNode(1, "Start", { inputArgs: [param("big")] }, [3]),
      wfNode(3, "Variable", { configType: "SET_VARIABLE", inputArgs: [ref("big", "1.big")] }, [2]),
      wfNode(2, "End", {}),
    ]);
    const tooBigVariable = await drain(startWorkflow(setBig, { params: { big: "x".repeat(1_000_001) } }));
    expect(tooBigVariable.outcome).toMatchObject({
      status: "FAILED",
      message: expect.stringContaining("变量 big 过大"),
    });
    // Any node's output, not only those kept for a resume: here the Start node's own.
    const tooBigOutput = await drain(startWorkflow(setBig, { params: { big: "x".repeat(4_000_001) } }));
    expect(tooBigOutput.outcome).toMatchObject({ status: "FAILED", message: expect.stringContaining("节点输出过大") });
  });

  it("reads deep references from a node's output, projecting over lists; splits and joins text; gets variables", async () => {
    const data = { user: { tags: ["x", "y"] }, rows: [{ title: "一" }, { title: "二" }] };
    const graph = graphOf([
      wfNode(1, "Start", { inputArgs: [param("data", "Object")] }, [3]),
      wfNode(
        3,
        "TextProcessing",
        {
          textHandleType: "CONCAT",
          text: "{{titles}}|{{tag}}",
          join: "、",
          inputArgs: [ref("titles", "1.data.rows.title", "Array_String"), ref("tag", "1.data.user.tags[1]")],
        },
        [4],
      ),
      wfNode(
        4,
        "TextProcessing",
        {
          textHandleType: "SPLIT",
          splits: ["|", "、"],
          inputArgs: [ref("t", "3.output")],
          outputArgs: [param("output", "Array_String")],
        },
        [5],
      ),
      wfNode(
        5,
        "Variable",
        { configType: "GET_VARIABLE", outputArgs: [lit("who", "owner"), lit("uid", "SYS_USER_ID")] },
        [2],
      ),
      wfNode(2, "End", {
        outputArgs: [
          ref("joined", "3.output"),
          ref("parts", "4.output", "Array_String"),
          ref("who", "5.who"),
          ref("uid", "5.uid"),
        ],
      }),
    ]);
    const { outcome } = await drain(
      startWorkflow(graph, {
        params: { data: JSON.stringify(data) },
        variables: { owner: "小红" },
        systemVariables: { SYS_USER_ID: 9 },
      }),
    );
    expect(outcome.status).toBe("FINISHED");
    expect(outcome.output).toEqual({ joined: "一、二|y", parts: ["一", "二", "y"], who: "小红", uid: 9 });
  });
});
