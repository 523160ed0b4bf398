import { Pencil, Trash2 } from "lucide-react";
import { Fragment } from "react";
import { Link, useFetcher } from "react-router";
import { variableDataTypeLabels, variableInputTypeLabels } from "#app/lib/labels";
import type { AgentDto } from "#contract/api/agent-dto";
import type { Variable } from "#contract/components";
import { Button, buttonClass } from "../ui/button";
import type { EditorReply } from "./schemas";
import { defaultText, VariableForm } from "./variable-form";

interface VariableSectionProps {
  variables: Variable[];
  /** The key of the variable whose edit form is open (?variable=…). */
  editing: string | null;
  editHref: (key: string) => string;
  closeHref: string;
  /** Open the add form (it had an error, or the list is empty). */
  addOpen: boolean;
}

const keyOf = (v: Variable) => v.key || v.name;

/** The agent's own variables: the bind config of its Variable component (created with the agent). */
export const variablesOf = (agent: AgentDto) =>
  (agent.agentComponentConfigList?.find((c) => c.type === "Variable")?.bindConfig.variables ?? []) as Variable[];

/** The agent's variables: a table with edit (opened by URL) and delete, and the add form below. */
export function VariableSection({ variables, editing, editHref, closeHref, addOpen }: VariableSectionProps) {
  return (
    <div className="flex flex-col gap-3">
      {variables.length ? (
        <table className="w-full border-collapse text-left text-[13px]">
          <thead className="border-gray-200 border-b text-gray-500">
            <tr>
              <th className="py-1.5 font-normal">变量</th>
              <th className="py-1.5 font-normal">类型 / 输入方式</th>
              <th className="py-1.5 font-normal">必填</th>
              <th className="py-1.5 text-right font-normal">操作</th>
            </tr>
          </thead>
          <tbody>
            {variables.map((v) => (
              <Fragment key={keyOf(v)}>
                <tr className="border-gray-100 border-b align-top">
                  <td className="py-2 pr-2">
                    <p className="font-medium text-gray-900">{v.name}</p>
                    <p className="text-gray-500">{v.displayName || "—"}</p>
                    {defaultText(v.bindValue) ? (
                      <p className="text-gray-500">默认：{defaultText(v.bindValue)}</p>
                    ) : null}
                  </td>
                  <td className="py-2 pr-2">
                    <p>{variableDataTypeLabels[v.dataType as keyof typeof variableDataTypeLabels] ?? v.dataType}</p>
                    <p className="text-gray-500">{variableInputTypeLabels[v.inputType]}</p>
                  </td>
                  <td className="py-2 pr-2">{v.require ? "是" : "否"}</td>
                  <td className="py-2">
                    <div className="flex justify-end gap-1">
                      <Link
                        to={editHref(keyOf(v))}
                        preventScrollReset
                        className={buttonClass("ghost", "sm")}
                        aria-label={`编辑变量 ${v.name}`}
                      >
                        <Pencil className="size-4" aria-hidden />
                      </Link>
                      <DeleteVariable variable={v} />
                    </div>
                  </td>
                </tr>
                {editing === keyOf(v) ? (
                  <tr className="border-gray-100 border-b">
                    <td colSpan={4} className="bg-gray-50 p-3">
                      <VariableForm variable={v} cancelTo={closeHref} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-[13px] text-gray-500">
          还没有变量。变量保存用户在对话前填写的信息，可在提示词中用 {"{{变量名}}"} 引用。
        </p>
      )}
      <details open={addOpen} className="rounded-md border border-gray-200">
        <summary className="cursor-pointer px-3 py-2 font-medium text-primary-700">添加变量</summary>
        <div className="border-gray-100 border-t p-3">
          <VariableForm />
        </div>
      </details>
    </div>
  );
}

function DeleteVariable({ variable }: { variable: Variable }) {
  const fetcher = useFetcher<EditorReply>();
  const error = fetcher.data?.result.error?.[""]?.[0];
  return (
    <fetcher.Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="variable-delete" />
      <input type="hidden" name="key" value={keyOf(variable)} />
      <Button
        type="submit"
        variant="ghost"
        size="sm"
        aria-label={`删除变量 ${variable.name}`}
        title={error ?? "删除"}
        loading={fetcher.state !== "idle"}
      >
        <Trash2 className="size-4" aria-hidden />
      </Button>
      {error ? (
        <span role="alert" className="text-[12px] text-danger-600">
          {error}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
