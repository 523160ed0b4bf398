import { RE2JS } from "re2js";
import type { Arg } from "#contract/args";
import { type CompareType, nodeKinds } from "#contract/workflow-nodes";
import { textOf } from "../template";
import type { NodeContext, NodeDefinition, WorkflowNode } from "../types";

interface ConditionArg {
  firstArg?: Arg | null;
  compareType: CompareType;
  secondArg?: Arg | null;
}
interface Branch {
  uuid: string;
  branchType: "IF" | "ELSE_IF" | "ELSE";
  conditionType?: "AND" | "OR" | null;
  conditionArgs?: ConditionArg[] | null;
  nextNodeIds?: number[] | null;
}

const branchesOf = (node: WorkflowNode): Branch[] => node.nodeConfig?.conditionBranchConfigs ?? [];

/** Patterns and subjects of MATCH_REGEX are capped: even linear matching costs time per character. */
const MAX_PATTERN = 500;
const MAX_SUBJECT = 10_000;

/**
 * MATCH_REGEX: the builder's pattern runs on RE2's linear-time engine (re2js), never on the backtracking
 * RegExp, so no pattern can stall the server (docs/decisions/0014-regex-in-conditions.md). RE2 has no
 * look-around or back-references; such patterns are refused with a message saying so.
 */
function matchesRegex(pattern: string, subject: string): boolean {
  if (pattern.length > MAX_PATTERN) throw new Error(`正则表达式过长（最多 ${MAX_PATTERN} 个字符）`);
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(pattern);
  } catch {
    throw new Error(`正则表达式 ${pattern} 不正确或使用了不支持的语法（不支持环视和反向引用）`);
  }
  return compiled.matcher(subject.slice(0, MAX_SUBJECT)).find();
}

const isNull = (v: unknown) => v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);
const lengthOf = (v: unknown) => (Array.isArray(v) ? v.length : Array.from(textOf(v)).length);
const numberOf = (v: unknown) => {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};

/** One comparison (reference original-backend.md §6.4: strings compare as text, a list by its first item). */
export function compare(type: CompareType, first: unknown, second: unknown): boolean {
  const scalar = Array.isArray(first) ? first[0] : first;
  const ordered = (test: (a: number, b: number) => boolean) => {
    const a = numberOf(scalar);
    const b = numberOf(second);
    return a !== null && b !== null && test(a, b);
  };
  const sized = (test: (a: number, b: number) => boolean) => {
    const b = numberOf(second);
    return b !== null && test(lengthOf(first), b);
  };
  const contains = () =>
    Array.isArray(first)
      ? first.some((item) => textOf(item) === textOf(second))
      : textOf(first).includes(textOf(second));
  switch (type) {
    case "EQUAL":
      return textOf(scalar) === textOf(second);
    case "NOT_EQUAL":
      return textOf(scalar) !== textOf(second);
    case "GREATER_THAN":
      return ordered((a, b) => a > b);
    case "GREATER_THAN_OR_EQUAL":
      return ordered((a, b) => a >= b);
    case "LESS_THAN":
      return ordered((a, b) => a < b);
    case "LESS_THAN_OR_EQUAL":
      return ordered((a, b) => a <= b);
    case "LENGTH_GREATER_THAN":
      return sized((a, b) => a > b);
    case "LENGTH_GREATER_THAN_OR_EQUAL":
      return sized((a, b) => a >= b);
    case "LENGTH_LESS_THAN":
      return sized((a, b) => a < b);
    case "LENGTH_LESS_THAN_OR_EQUAL":
      return sized((a, b) => a <= b);
    case "CONTAINS":
      return contains();
    case "NOT_CONTAINS":
      return !contains();
    case "MATCH_REGEX":
      return matchesRegex(textOf(second), textOf(scalar));
    case "IS_NULL":
      return isNull(first);
    case "NOT_NULL":
      return !isNull(first);
  }
}

const argValue = (ctx: NodeContext, arg: Arg | null | undefined) =>
  arg ? ctx.resolveArgs([{ ...arg, name: "value", enable: true }]).value : undefined;

/** 条件分支: the first branch whose conditions hold is taken, ELSE when none does; the others are skipped. */
export const Condition: NodeDefinition = {
  kind: nodeKinds.Condition,
  ports: (node) => branchesOf(node).map((b) => ({ port: b.uuid, targets: b.nextNodeIds ?? [] })),
  validate(node) {
    const branches = branchesOf(node);
    if (!branches.length) return ["条件分支不能为空"];
    const out: string[] = [];
    branches.forEach((branch, i) => {
      const label = branch.branchType === "ELSE" ? "否则" : i === 0 ? "如果" : `否则如果（第 ${i + 1} 个分支）`;
      if (branch.branchType !== "ELSE" && !branch.conditionArgs?.length) out.push(`分支「${label}」至少需要一个条件`);
      for (const c of branch.conditionArgs ?? []) {
        if (!c.firstArg?.bindValue) out.push(`分支「${label}」的条件缺少比较对象`);
        const unary = c.compareType === "IS_NULL" || c.compareType === "NOT_NULL";
        if (!unary && (c.secondArg?.bindValue === undefined || c.secondArg.bindValue === ""))
          out.push(`分支「${label}」的条件缺少比较值`);
      }
    });
    if (branches[0]?.branchType === "ELSE") out.push("第一个分支不能是「否则」");
    return [...new Set(out)];
  },
  run(ctx) {
    for (const branch of branchesOf(ctx.node)) {
      const conditions = branch.conditionArgs ?? [];
      const test = (c: ConditionArg) => compare(c.compareType, argValue(ctx, c.firstArg), argValue(ctx, c.secondArg));
      const holds =
        branch.branchType === "ELSE" ||
        (conditions.length > 0 && (branch.conditionType === "OR" ? conditions.some(test) : conditions.every(test)));
      if (holds) return { output: {}, ports: [branch.uuid] };
    }
    return { output: {}, ports: [] };
  },
};
