import { Plus, Trash2 } from "lucide-react";
import { ArgRows, InputArgs, ValueInput } from "#app/components/workflow/forms/args";
import { argsOf } from "#app/components/workflow/forms/args-state";
import { validateCommonArgs } from "#app/components/workflow/forms/generic-form";
import type { FormNode } from "#app/components/workflow/forms/graph";
import type { KindForm, KindFormProps } from "#app/components/workflow/forms/types";
import { NumberField, Section, SelectField, TextAreaField } from "#app/components/workflow/forms/widgets";
import { systemFieldNames } from "#contract/api/table";
import type { Arg } from "#contract/args";
import { buttonClass } from "../ui/button";
import { argType, type TableNodeField, tableOutputs, useTableNodeOptions, withFieldArgs } from "./node-options";
import { SqlAssistant } from "./sql-assistant";

/**
 * The workflow editor's five table nodes (数据新增 / 数据更新 / 数据删除 / 数据查询 / SQL自定义): the table, then what
 * the node's statement needs — inputs named after the fields to write, conditions on fields, a row limit, or the
 * SQL with its `{{name}}` inputs and the SQL assistant. The server builds and guards the statement
 * (server/runtime/workflow/nodes/Table*.ts); every node answers {outputList, id, rowNum, success}.
 */

type Compare = "EQUAL" | "NOT_EQUAL" | "GREATER_THAN" | "GREATER_THAN_OR_EQUAL" | "LESS_THAN" | "LESS_THAN_OR_EQUAL";
type Operator = Compare | "IN" | "NOT_IN" | "IS_NULL" | "NOT_NULL";
const operators: { value: Operator; label: string }[] = [
  { value: "EQUAL", label: "等于" },
  { value: "NOT_EQUAL", label: "不等于" },
  { value: "GREATER_THAN", label: "大于" },
  { value: "GREATER_THAN_OR_EQUAL", label: "大于等于" },
  { value: "LESS_THAN", label: "小于" },
  { value: "LESS_THAN_OR_EQUAL", label: "小于等于" },
  { value: "IN", label: "在列表中" },
  { value: "NOT_IN", label: "不在列表中" },
  { value: "IS_NULL", label: "为空" },
  { value: "NOT_NULL", label: "不为空" },
];

interface TableCondition {
  firstArg?: { name?: string; dataType?: string } | null;
  compareType: Operator;
  secondArg?: Arg | null;
}

export const tableIdOfNode = (node: FormNode) => Number(node.nodeConfig.tableId ?? node.typeId ?? 0) || 0;
const conditionsOf = (value: unknown): TableCondition[] => (Array.isArray(value) ? (value as TableCondition[]) : []);

function Conditions({
  config,
  set,
  ctx,
  fields,
}: Pick<KindFormProps, "config" | "set" | "ctx"> & { fields: TableNodeField[] }) {
  const list = conditionsOf(config.conditionArgs);
  const save = (next: TableCondition[]) => set({ conditionArgs: next });
  const columns = [
    ...fields.map((f) => ({ value: f.name, label: f.description ? `${f.name}（${f.description}）` : f.name })),
    ...systemFieldNames.map((n) => ({ value: n, label: `${n}（系统字段）` })),
  ];
  const typeOf = (name: string) => argType(fields.find((f) => f.name === name)?.fieldType ?? 1);
  return (
    <Section
      title="条件"
      hint="只处理满足条件的行；数据更新和数据删除没有条件时不处理任何行。"
      actions={
        <button
          type="button"
          onClick={() => save([...list, { compareType: "EQUAL", firstArg: null, secondArg: null }])}
          className={buttonClass("secondary", "sm")}
        >
          <Plus className="size-4" aria-hidden />
          添加条件
        </button>
      }
    >
      {list.length > 1 ? (
        <SelectField
          label="条件关系"
          value={config.conditionType === "OR" ? "OR" : "AND"}
          options={[
            { value: "AND", label: "且（全部满足）" },
            { value: "OR", label: "或（任一满足）" },
          ]}
          onChange={(conditionType) => set({ conditionType })}
        />
      ) : null}
      {list.map((c, i) => {
        const label = `条件 ${i + 1}`;
        const change = (patch: Partial<TableCondition>) => save(list.map((x, j) => (j === i ? { ...x, ...patch } : x)));
        const field = c.firstArg?.name ?? "";
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: conditions carry no id; rows are only added at the end or removed
          <div key={i} className="flex flex-col gap-1 border-gray-100 border-b pb-2">
            <div className="flex gap-1">
              <select
                aria-label={`${label}字段`}
                value={field}
                onChange={(e) => change({ firstArg: { name: e.target.value, dataType: typeOf(e.target.value) } })}
                className="h-8 min-w-0 flex-1 rounded-md border border-gray-300 px-1 text-[13px]"
              >
                <option value="">请选择字段</option>
                {columns.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
              <select
                aria-label={`${label}比较方式`}
                value={c.compareType}
                onChange={(e) => change({ compareType: e.target.value as Operator })}
                className="h-8 w-28 shrink-0 rounded-md border border-gray-300 px-1 text-[13px]"
              >
                {operators.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
              <button
                type="button"
                onClick={() => save(list.filter((_, j) => j !== i))}
                className={buttonClass("ghost", "sm", "text-danger-700")}
                aria-label={`删除${label}`}
              >
                <Trash2 className="size-4" aria-hidden />
              </button>
            </div>
            {c.compareType === "IS_NULL" || c.compareType === "NOT_NULL" ? null : (
              <ValueInput
                label={`${label}比较`}
                arg={c.secondArg ?? { name: "value", dataType: typeOf(field), bindValueType: "Input" }}
                references={ctx.references}
                onChange={(secondArg) => change({ secondArg })}
              />
            )}
          </div>
        );
      })}
    </Section>
  );
}

function TableNodeForm({ node, config, set, setNode, ctx }: KindFormProps) {
  const tableId = tableIdOfNode(node);
  const { tables, fields } = useTableNodeOptions(ctx.spaceId, tableId);
  const options = tables.map((t) => ({ value: String(t.id), label: t.name }));
  if (tableId && !options.some((o) => o.value === String(tableId)))
    options.unshift({ value: String(tableId), label: `数据表 ${tableId}` });
  const choose = (value: string) => {
    const id = Number(value);
    if (!id) return;
    // The outputs every table node answers, so later nodes can reference them.
    const outputArgs = argsOf(config.outputArgs).length ? config.outputArgs : tableOutputs;
    setNode({ typeId: id, nodeConfig: { ...config, tableId: id, outputArgs } });
  };
  const inputs = argsOf(config.inputArgs);
  const writes = node.type === "TableDataAdd" || node.type === "TableDataUpdate";
  return (
    <>
      <SelectField
        label="数据表"
        value={tableId ? String(tableId) : ""}
        placeholder={tables.length ? "请选择数据表" : "空间中还没有数据表"}
        options={options}
        onChange={choose}
      />
      {node.type === "TableSQL" ? (
        <>
          <TextAreaField
            label="SQL"
            hint="用表名引用这张表，只能执行一条 SELECT / INSERT / UPDATE / DELETE；用 {{参数名}} 引用输入参数。"
            rows={5}
            value={typeof config.sql === "string" ? config.sql : ""}
            onChange={(sql) => set({ sql })}
          />
          <SqlAssistant tableId={tableId} inputArgs={inputs} onUse={(sql) => set({ sql })} />
        </>
      ) : null}
      {writes ? (
        <div className="flex flex-col gap-1">
          <InputArgs config={config} set={set} ctx={ctx} hint="参数名就是要写入的字段名，值可以输入或引用上游变量。" />
          {fields.some((f) => !inputs.some((a) => a.name === f.name)) ? (
            <button
              type="button"
              onClick={() => set({ inputArgs: withFieldArgs(inputs, fields) })}
              className={buttonClass("secondary", "sm", "self-start")}
            >
              按表字段添加参数
            </button>
          ) : null}
        </div>
      ) : null}
      {node.type === "TableSQL" ? (
        <InputArgs
          config={config}
          set={set}
          ctx={ctx}
          hint="SQL 中的 {{参数名}} 取这里的值（作为参数传入，不拼接）。"
        />
      ) : null}
      {node.type === "TableDataUpdate" || node.type === "TableDataDelete" || node.type === "TableDataQuery" ? (
        <Conditions config={config} set={set} ctx={ctx} fields={fields} />
      ) : null}
      {node.type === "TableDataQuery" ? (
        <NumberField
          label="查询条数上限"
          hint="默认 100，最多 10000。"
          min={1}
          max={10000}
          value={typeof config.limit === "number" ? config.limit : null}
          onChange={(limit) => set({ limit })}
        />
      ) : null}
      <ArgRows
        title="输出参数"
        args={argsOf(config.outputArgs).length ? argsOf(config.outputArgs) : tableOutputs}
        onChange={(outputArgs) => set({ outputArgs })}
        nested
        described
      />
    </>
  );
}

function validateTableNode(node: FormNode, references: Parameters<typeof validateCommonArgs>[1]) {
  const problems: string[] = [];
  if (!tableIdOfNode(node)) problems.push("请选择数据表");
  if (node.type === "TableSQL" && !String(node.nodeConfig.sql ?? "").trim()) problems.push("请填写 SQL");
  const conditions = conditionsOf(node.nodeConfig.conditionArgs);
  if (conditions.some((c) => !c.firstArg?.name)) problems.push("条件需要选择字段");
  return [...problems, ...validateCommonArgs(node, references)];
}

export const tableNodeForm: KindForm = { Form: TableNodeForm, validate: validateTableNode };
