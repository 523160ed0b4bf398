import type { Arg } from "#contract/args";
import type { CompareType } from "#contract/workflow-nodes";
import type { ReferenceOption } from "./graph";
import { newUuid } from "./ids";
import type { NodeConfig } from "./types";

/** Condition branches as the form edits them (conditionBranchSchema of contract/workflow-nodes.ts). */
export interface ConditionArg {
  firstArg?: Arg | null;
  compareType: CompareType;
  secondArg?: Arg | null;
}
export interface Branch {
  uuid: string;
  branchType: "IF" | "ELSE_IF" | "ELSE";
  conditionType?: "AND" | "OR" | null;
  conditionArgs?: ConditionArg[] | null;
  nextNodeIds?: number[] | null;
}

export const compareLabels: Record<CompareType, string> = {
  EQUAL: "等于",
  NOT_EQUAL: "不等于",
  GREATER_THAN: "大于",
  GREATER_THAN_OR_EQUAL: "大于等于",
  LESS_THAN: "小于",
  LESS_THAN_OR_EQUAL: "小于等于",
  LENGTH_GREATER_THAN: "长度大于",
  LENGTH_GREATER_THAN_OR_EQUAL: "长度大于等于",
  LENGTH_LESS_THAN: "长度小于",
  LENGTH_LESS_THAN_OR_EQUAL: "长度小于等于",
  CONTAINS: "包含",
  NOT_CONTAINS: "不包含",
  MATCH_REGEX: "正则匹配",
  IS_NULL: "为空",
  NOT_NULL: "不为空",
};
export const branchLabels = { IF: "如果", ELSE_IF: "否则如果", ELSE: "否则" } as const;

/** Operators that compare with nothing: the second value is not asked for. */
export const isUnary = (type: CompareType) => type === "IS_NULL" || type === "NOT_NULL";

const emptyCondition = (): ConditionArg => ({ compareType: "EQUAL", firstArg: null, secondArg: null });

/** The branches, as a new node has them when it has none: 如果 (one empty condition) and 否则. */
export function branchesOf(config: NodeConfig): Branch[] {
  const stored = Array.isArray(config.conditionBranchConfigs) ? (config.conditionBranchConfigs as Branch[]) : [];
  if (stored.length) return stored;
  return [
    { uuid: newUuid(), branchType: "IF", conditionType: "AND", conditionArgs: [emptyCondition()], nextNodeIds: [] },
    { uuid: newUuid(), branchType: "ELSE", nextNodeIds: [] },
  ];
}

/** The first branch is 如果, the last 否则, those between 否则如果: kept true after every add and remove. */
function retype(branches: Branch[]): Branch[] {
  return branches.map((b, i) => ({
    ...b,
    branchType: i === branches.length - 1 ? "ELSE" : i === 0 ? "IF" : "ELSE_IF",
  }));
}

/** A 否则如果 branch added just before 否则. */
export function addBranch(branches: Branch[]): Branch[] {
  const added: Branch = {
    uuid: newUuid(),
    branchType: "ELSE_IF",
    conditionType: "AND",
    conditionArgs: [emptyCondition()],
    nextNodeIds: [],
  };
  return retype([...branches.slice(0, -1), added, ...branches.slice(-1)]);
}

/** Removes a conditional branch; 否则 and the last conditional branch stay (a condition needs both). */
export function removeBranch(branches: Branch[], index: number): Branch[] {
  if (index >= branches.length - 1 || branches.length <= 2) return branches;
  return retype(branches.filter((_, i) => i !== index));
}

export function updateBranch(branches: Branch[], index: number, patch: Partial<Branch>): Branch[] {
  return branches.map((b, i) => (i === index ? { ...b, ...patch } : b));
}

export function addCondition(branches: Branch[], index: number): Branch[] {
  return branches.map((b, i) =>
    i === index ? { ...b, conditionArgs: [...(b.conditionArgs ?? []), emptyCondition()] } : b,
  );
}

export function removeCondition(branches: Branch[], index: number, at: number): Branch[] {
  return branches.map((b, i) =>
    i === index ? { ...b, conditionArgs: (b.conditionArgs ?? []).filter((_, j) => j !== at) } : b,
  );
}

/** One condition changed; a unary operator drops the second value, and the second value follows the first's type. */
export function updateCondition(branches: Branch[], index: number, at: number, patch: Partial<ConditionArg>): Branch[] {
  return branches.map((b, i) => {
    if (i !== index) return b;
    const conditionArgs = (b.conditionArgs ?? []).map((c, j) => {
      if (j !== at) return c;
      const next = { ...c, ...patch };
      if (isUnary(next.compareType)) next.secondArg = null;
      if (patch.firstArg && next.secondArg?.bindValueType !== "Reference") {
        const second = next.secondArg ?? { name: "value", bindValueType: "Input" as const };
        next.secondArg = { ...second, dataType: patch.firstArg.dataType };
      }
      return next;
    });
    return { ...b, conditionArgs };
  });
}

/** A condition's left side from a picked reference. */
export const firstArgOf = (option: ReferenceOption): Arg => ({
  name: option.name,
  dataType: option.dataType,
  bindValueType: "Reference",
  bindValue: option.key,
});

export function validateCondition(config: NodeConfig, references: readonly ReferenceOption[]): string[] {
  const problems: string[] = [];
  const known = (key: unknown) => references.some((o) => o.key === key);
  const branches = branchesOf(config);
  branches.forEach((branch, i) => {
    if (branch.branchType === "ELSE") return;
    const where = i === 0 ? "如果" : `否则如果（第 ${i} 个）`;
    const conditions = branch.conditionArgs ?? [];
    if (!conditions.length) problems.push(`${where}：至少需要一个条件`);
    conditions.forEach((c, j) => {
      const at = `${where}第 ${j + 1} 个条件`;
      if (!c.firstArg?.bindValue) problems.push(`${at}未选择要比较的变量`);
      else if (!known(c.firstArg.bindValue)) problems.push(`${at}引用的变量不在上游节点中`);
      if (isUnary(c.compareType)) return;
      const second = c.secondArg;
      if (second?.bindValueType === "Reference") {
        if (!second.bindValue) problems.push(`${at}未选择比较的变量`);
        else if (!known(second.bindValue)) problems.push(`${at}比较的变量不在上游节点中`);
      } else if (second?.bindValue === undefined || second.bindValue === null || second.bindValue === "") {
        problems.push(`${at}未填写比较值`);
      } else if (c.compareType === "MATCH_REGEX") {
        try {
          new RegExp(String(second.bindValue));
        } catch {
          problems.push(`${at}的正则表达式无效`);
        }
      }
    });
  });
  if (branches.at(-1)?.branchType !== "ELSE") problems.push("最后一个分支必须是「否则」");
  return problems;
}
