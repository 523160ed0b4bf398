import { Plus, Trash2 } from "lucide-react";
import { buttonClass } from "#app/components/ui/button";
import type { CompareType } from "#contract/workflow-nodes";
import { ReferenceSelect, ValueInput } from "./args";
import {
  addBranch,
  addCondition,
  branchesOf,
  branchLabels,
  compareLabels,
  firstArgOf,
  isUnary,
  removeBranch,
  removeCondition,
  updateBranch,
  updateCondition,
  validateCondition,
} from "./condition";
import { useEnsureDefaults } from "./ensure-defaults";
import type { KindForm, KindFormProps } from "./types";

const compareOptions = Object.entries(compareLabels) as [CompareType, string][];

/** 条件分支: 如果 / 否则如果… / 否则, each a list of comparisons joined by 且 or 或; each branch is a port. */
function ConditionForm({ config, set, ctx }: KindFormProps) {
  useEnsureDefaults(
    !Array.isArray(config.conditionBranchConfigs) || !config.conditionBranchConfigs.length,
    () => ({ conditionBranchConfigs: branchesOf(config) }),
    set,
  );
  const branches = branchesOf(config);
  const save = (next: typeof branches) => set({ conditionBranchConfigs: next });
  return (
    <div className="flex flex-col gap-3">
      {branches.map((branch, i) => {
        const title =
          branch.branchType === "ELSE_IF" ? `${branchLabels.ELSE_IF} ${i}` : branchLabels[branch.branchType];
        const conditions = branch.conditionArgs ?? [];
        return (
          <fieldset
            key={branch.uuid}
            aria-label={title}
            className="flex flex-col gap-2 rounded-md border border-gray-200 p-2"
          >
            <legend className="px-1 font-semibold text-[13px]">{title}</legend>
            {branch.branchType === "ELSE" ? (
              <p className="text-[12px] text-gray-500">以上条件都不满足时走这个分支。</p>
            ) : (
              <>
                {conditions.length > 1 ? (
                  <label className="inline-flex items-center gap-2 text-[12px]">
                    条件关系
                    <select
                      aria-label={`${title}条件关系`}
                      value={branch.conditionType ?? "AND"}
                      onChange={(e) =>
                        save(updateBranch(branches, i, { conditionType: e.target.value as "AND" | "OR" }))
                      }
                      className="h-7 rounded border border-gray-300 px-1"
                    >
                      <option value="AND">且（全部满足）</option>
                      <option value="OR">或（任一满足）</option>
                    </select>
                  </label>
                ) : null}
                {conditions.map((c, j) => {
                  const label = `${title}条件 ${j + 1}`;
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: conditions carry no id; rows are only added at the end or removed
                    <div key={`${branch.uuid}-${j}`} className="flex flex-col gap-1 border-gray-100 border-b pb-2">
                      <div className="flex gap-1">
                        <ReferenceSelect
                          label={`${label}变量`}
                          value={c.firstArg?.bindValue}
                          references={ctx.references}
                          onPick={(o) => save(updateCondition(branches, i, j, { firstArg: firstArgOf(o) }))}
                        />
                        <select
                          aria-label={`${label}比较方式`}
                          value={c.compareType}
                          onChange={(e) =>
                            save(updateCondition(branches, i, j, { compareType: e.target.value as CompareType }))
                          }
                          className="h-8 w-28 shrink-0 rounded-md border border-gray-300 px-1 text-[13px]"
                        >
                          {compareOptions.map(([value, text]) => (
                            <option key={value} value={value}>
                              {text}
                            </option>
                          ))}
                        </select>
                        <button
                          type="button"
                          onClick={() => save(removeCondition(branches, i, j))}
                          className={buttonClass("ghost", "sm", "text-danger-700")}
                          aria-label={`删除${label}`}
                        >
                          <Trash2 className="size-4" aria-hidden />
                        </button>
                      </div>
                      {isUnary(c.compareType) ? null : (
                        <ValueInput
                          label={`${label}比较`}
                          arg={
                            c.secondArg ?? {
                              name: "value",
                              dataType: c.firstArg?.dataType ?? "String",
                              bindValueType: "Input",
                            }
                          }
                          references={ctx.references}
                          onChange={(secondArg) => save(updateCondition(branches, i, j, { secondArg }))}
                        />
                      )}
                    </div>
                  );
                })}
                <div className="flex gap-2">
                  <button
                    type="button"
                    onClick={() => save(addCondition(branches, i))}
                    className={buttonClass("secondary", "sm")}
                  >
                    <Plus className="size-4" aria-hidden />
                    添加条件
                  </button>
                  {branches.length > 2 ? (
                    <button
                      type="button"
                      onClick={() => save(removeBranch(branches, i))}
                      className={buttonClass("ghost", "sm", "text-danger-700")}
                      aria-label={`删除分支${title}`}
                    >
                      删除分支
                    </button>
                  ) : null}
                </div>
              </>
            )}
          </fieldset>
        );
      })}
      <button type="button" onClick={() => save(addBranch(branches))} className={buttonClass("secondary", "sm")}>
        <Plus className="size-4" aria-hidden />
        添加分支（否则如果）
      </button>
    </div>
  );
}

export const conditionForm: KindForm = {
  Form: ConditionForm,
  validate: (node, references) => validateCondition(node.nodeConfig ?? {}, references),
};
