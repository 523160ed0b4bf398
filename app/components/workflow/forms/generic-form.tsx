import { nodeKinds } from "#contract/workflow-nodes";
import { ArgRows, InputArgs } from "./args";
import { argsOf, validateArgs } from "./args-state";
import type { FormNode, ReferenceOption } from "./graph";
import { schemaFields } from "./schema-fields";
import type { KindForm, KindFormProps } from "./types";
import { NumberField, SelectField, TextField } from "./widgets";

/** Chinese names of config fields the generic form may meet (knowledge and table nodes among them). */
const fieldLabels: Record<string, string> = {
  searchStrategy: "搜索策略",
  maxRecallCount: "最大召回数量",
  matchingDegree: "最小匹配度",
  tableId: "数据表",
  sql: "SQL",
  limit: "查询条数上限",
  conditionType: "条件关系",
  toolName: "工具名称",
  mcpId: "MCP 服务",
  pluginId: "插件",
  typeId: "目标",
};
const labelOf = (key: string) => fieldLabels[key] ?? key;

/**
 * The form of node types without a hand-made one: the fields its config schema declares, then its input
 * arguments (each a literal or an upstream reference) and its output arguments with nested children.
 */
function GenericForm({ node, config, set, ctx }: KindFormProps) {
  const fields = schemaFields(nodeKinds[node.type]?.configSchema ?? nodeKinds.Start.configSchema);
  return (
    <>
      {fields.map((field) => {
        const label = labelOf(field.key);
        const value = config[field.key];
        if (field.kind === "enum") {
          return (
            <SelectField
              key={field.key}
              label={label}
              value={typeof value === "string" ? value : ""}
              placeholder="请选择"
              options={field.values.map((v) => ({ value: v, label: v }))}
              onChange={(v) => set({ [field.key]: v })}
            />
          );
        }
        if (field.kind === "number") {
          return (
            <NumberField
              key={field.key}
              label={label}
              value={typeof value === "number" ? value : null}
              onChange={(v) => set({ [field.key]: v })}
            />
          );
        }
        if (field.kind === "boolean") {
          return (
            <label key={field.key} className="inline-flex items-center gap-2 text-[13px]">
              <input
                type="checkbox"
                checked={value === true}
                onChange={(e) => set({ [field.key]: e.target.checked })}
              />
              {label}
            </label>
          );
        }
        return (
          <TextField
            key={field.key}
            label={label}
            value={typeof value === "string" ? value : ""}
            onChange={(v) => set({ [field.key]: v })}
          />
        );
      })}
      <InputArgs config={config} set={set} ctx={ctx} />
      <ArgRows
        title="输出参数"
        args={argsOf(config.outputArgs)}
        onChange={(outputArgs) => set({ outputArgs })}
        nested
        described
      />
    </>
  );
}

/** The checks every argument-carrying form shares: inputs bound to real upstream values, outputs well named. */
export function validateCommonArgs(node: FormNode, references: readonly ReferenceOption[]) {
  return [
    ...validateArgs(argsOf(node.nodeConfig.inputArgs), { label: "输入参数", bindable: true, references }),
    ...validateArgs(argsOf(node.nodeConfig.outputArgs), { label: "输出参数" }),
  ];
}

export const genericForm: KindForm = { Form: GenericForm, validate: validateCommonArgs };
