import { describe, expect, it } from "vitest";
import { compareTypes } from "#contract/workflow-nodes";
import {
  addBranch,
  addCondition,
  type Branch,
  branchesOf,
  compareLabels,
  firstArgOf,
  removeBranch,
  removeCondition,
  updateBranch,
  updateCondition,
  validateCondition,
} from "./condition";
import type { ReferenceOption } from "./graph";

const age: ReferenceOption = { key: "1.age", label: "开始 - age", dataType: "Integer", name: "age" };
const name: ReferenceOption = { key: "1.name", label: "开始 - name", dataType: "String", name: "name" };
const refs = [age, name];
const types = (bs: Branch[]) => bs.map((b) => b.branchType);

describe("condition branches", () => {
  it("a new node starts with 如果 (one empty condition) and 否则, each with its own uuid", () => {
    const bs = branchesOf({});
    expect(types(bs)).toEqual(["IF", "ELSE"]);
    expect(bs[0]!.conditionArgs).toHaveLength(1);
    expect(new Set(bs.map((b) => b.uuid)).size).toBe(2);
  });

  it("adds 否则如果 before 否则 and keeps stored branches and their targets", () => {
    const stored = branchesOf({});
    stored[1] = { ...stored[1]!, nextNodeIds: [7] };
    const bs = addBranch(addBranch(branchesOf({ conditionBranchConfigs: stored })));
    expect(types(bs)).toEqual(["IF", "ELSE_IF", "ELSE_IF", "ELSE"]);
    expect(bs.at(-1)).toEqual(stored[1]);
  });

  it("removing 如果 promotes the next branch; 否则 and a lone 如果 cannot be removed", () => {
    const three = addBranch(branchesOf({}));
    const removed = removeBranch(three, 0);
    expect(types(removed)).toEqual(["IF", "ELSE"]);
    expect(removed[0]!.uuid).toBe(three[1]!.uuid);
    expect(removeBranch(three, 2)).toBe(three);
    expect(removeBranch(removed, 0)).toBe(removed);
  });

  it("a unary operator drops the second value; picking the variable types the literal to compare with", () => {
    let bs = branchesOf({});
    bs = updateCondition(bs, 0, 0, { firstArg: firstArgOf(age) });
    expect(bs[0]!.conditionArgs![0]!.firstArg).toEqual({
      name: "age",
      dataType: "Integer",
      bindValueType: "Reference",
      bindValue: "1.age",
    });
    expect(bs[0]!.conditionArgs![0]!.secondArg?.dataType).toBe("Integer");
    bs = updateCondition(bs, 0, 0, {
      secondArg: { name: "value", dataType: "Integer", bindValueType: "Input", bindValue: 18 },
    });
    bs = updateCondition(bs, 0, 0, { compareType: "IS_NULL" });
    expect(bs[0]!.conditionArgs![0]!.secondArg).toBeNull();
  });

  it("adds and removes conditions and sets 且/或", () => {
    let bs = addCondition(branchesOf({}), 0);
    expect(bs[0]!.conditionArgs).toHaveLength(2);
    bs = updateBranch(bs, 0, { conditionType: "OR" });
    bs = removeCondition(bs, 0, 0);
    expect(bs[0]).toMatchObject({ conditionType: "OR", conditionArgs: [{ compareType: "EQUAL" }] });
  });

  it("labels every operator of the contract in Chinese", () => {
    for (const t of compareTypes) expect(compareLabels[t]).toMatch(/[\u4e00-\u9fa5]/);
  });
});

describe("validateCondition", () => {
  const config = (conditionArgs: unknown[], extra: Partial<Branch> = {}) => ({
    conditionBranchConfigs: [
      { uuid: "a", branchType: "IF", conditionType: "AND", conditionArgs, ...extra },
      { uuid: "b", branchType: "ELSE" },
    ],
  });
  const literal = (bindValue: unknown) => ({ name: "value", dataType: "String", bindValueType: "Input", bindValue });

  it("accepts complete comparisons, including unary ones without a second value", () => {
    const ok = config([
      { firstArg: firstArgOf(age), compareType: "GREATER_THAN", secondArg: literal(18) },
      { firstArg: firstArgOf(name), compareType: "NOT_NULL" },
      { firstArg: firstArgOf(name), compareType: "EQUAL", secondArg: { ...firstArgOf(name), bindValue: "1.name" } },
    ]);
    expect(validateCondition(ok, refs)).toEqual([]);
  });

  it("names what is missing or wrong", () => {
    const bad = config([
      { compareType: "EQUAL", secondArg: literal("x") },
      { firstArg: firstArgOf(age), compareType: "EQUAL", secondArg: literal("") },
      { firstArg: { ...firstArgOf(age), bindValue: "99.gone" }, compareType: "IS_NULL" },
      { firstArg: firstArgOf(name), compareType: "MATCH_REGEX", secondArg: literal("([") },
    ]);
    expect(validateCondition(bad, refs)).toEqual([
      "如果第 1 个条件未选择要比较的变量",
      "如果第 2 个条件未填写比较值",
      "如果第 3 个条件引用的变量不在上游节点中",
      "如果第 4 个条件的正则表达式无效",
    ]);
    expect(validateCondition(config([]), refs)).toEqual(["如果：至少需要一个条件"]);
  });
});
