import type { JSONSchema7 } from "@ai-sdk/provider";
import { and, eq } from "drizzle-orm";
import type { Arg } from "#contract/args";
import { tableBindSchema } from "#contract/components";
import { agents } from "#server/db/schema";
import { findUserById } from "#server/modules/auth";
import { boundTable, describeTable, executeTableSql, insertTableRow, type TableCaller } from "#server/modules/table";
import type { Binding } from "../table/sql-guard";
import type { ComponentSnapshot, InvokeMode, RuntimeTool, ToolBuildContext, ToolFactory } from "./tools";

/**
 * A data table bound to an agent gives the model two tools (reference original-backend.md §5.5/§7.3):
 * `TABLE_DATA_INSERT_<component>` — one row, its arguments the table's fields as typed properties — and
 * `TABLE_SQL_EXECUTE_<component>` — one SELECT/INSERT/UPDATE/DELETE against the table's display name.
 * The builder's binding (`inputArgBindConfigs`, edited on the agent's 数据表设置 page) says two things:
 * - per custom field, whether the model sees it and what fills it otherwise: a fixed value (Input) or a variable
 *   (Reference); a field the model sees but leaves out takes the bound value too;
 * - per system field (uid, user_name, nick_name, agent_id, agent_name), a value it must equal — usually a system
 *   variable such as SYS_USER_ID. Every read and write of either tool is held to these conditions and new rows
 *   carry them, so bound to `uid` each user sees and changes only their own rows. The editor stores conditions
 *   with `enable: false` (they are no model arguments), so a condition applies whatever its `enable` says.
 */

const CONDITION_COLUMNS = new Set(["uid", "user_name", "nick_name", "agent_id", "agent_name"]);
const hasValue = (arg: Arg | undefined) =>
  arg?.bindValue !== undefined && arg.bindValue !== null && arg.bindValue !== "";

/** A bound value for this turn: a Reference names a variable; an Input is a literal or `{{VARIABLE}}`. */
function bindingValue(arg: Arg, variables: Record<string, unknown>) {
  const raw = arg.bindValue;
  const name = typeof raw === "string" ? (/^\{\{\s*(\w+)\s*\}\}$/.exec(raw)?.[1] ?? null) : null;
  const value = arg.bindValueType === "Reference" ? variables[String(raw)] : name ? variables[name] : raw;
  if (value === undefined || value === null) return null;
  return typeof value === "number" || typeof value === "boolean" ? value : String(value);
}

/** The binding's row conditions for this turn: system fields bound to a value. */
export function conditionsOf(args: Arg[], variables: Record<string, unknown>): Binding {
  return args
    .filter((arg) => CONDITION_COLUMNS.has(arg.name) && hasValue(arg))
    .map((arg) => {
      const value = bindingValue(arg, variables);
      // The system column `uid` holds the user's id as text, whichever variable names it.
      return { column: arg.name, value: arg.name === "uid" && value !== null ? String(value) : value };
    });
}

type TableField = Awaited<ReturnType<typeof boundTable>>["fields"][number];

function fieldSchema(field: TableField): JSONSchema7 {
  const description = field.description || undefined;
  switch (field.fieldType) {
    case 2:
      return { type: "integer", ...(description ? { description } : {}) };
    case 3:
      return { type: "number", ...(description ? { description } : {}) };
    case 4:
      return { type: "boolean", ...(description ? { description } : {}) };
    case 5:
      return { type: "string", description: `${description ?? field.name}（日期，格式 YYYY-MM-DD HH:mm:ss）` };
    default:
      return { type: "string", ...(description ? { description } : {}) };
  }
}

/**
 * The insert tool's schema and the values of one call: the enabled fields the model sees as properties (required
 * when the column needs a value and nothing else gives one); a value the model leaves out, or a field it does not
 * see, takes the binding's value.
 */
export function insertArgs(fields: TableField[], args: Arg[]) {
  const byName = new Map(args.map((a) => [a.name, a]));
  const usable = fields.filter((f) => f.enabled);
  const shown = usable.filter((f) => byName.get(f.name)?.enable !== false);
  const required = shown
    .filter((f) => !f.nullable && !f.defaultValue && !hasValue(byName.get(f.name)))
    .map((f) => f.name);
  const schema: JSONSchema7 = {
    type: "object",
    properties: Object.fromEntries(shown.map((f) => [f.name, fieldSchema(f)])),
    ...(required.length ? { required } : {}),
  };
  const values = (given: Record<string, unknown>, variables: Record<string, unknown>) => {
    const data: Record<string, unknown> = {};
    for (const field of usable) {
      const arg = byName.get(field.name);
      const fromModel = shown.includes(field) ? given[field.name] : undefined;
      if (fromModel !== undefined && fromModel !== null && fromModel !== "") data[field.name] = fromModel;
      else if (arg && hasValue(arg)) data[field.name] = bindingValue(arg, variables);
      else if (fromModel !== undefined) data[field.name] = fromModel;
    }
    return data;
  };
  return { schema, values };
}

/** Table components have no AUTO mode (a statement needs the model): manual modes offer them when selected. */
const modeOf = (invokeType: InvokeMode): InvokeMode =>
  invokeType === "MANUAL" || invokeType === "MANUAL_ON_DEMAND" ? "MANUAL_ON_DEMAND" : "ON_DEMAND";

async function whoAndWhere(ctx: ToolBuildContext) {
  const [[agent], user] = await Promise.all([
    ctx.deps.db
      .select({ spaceId: agents.spaceId, name: agents.name })
      .from(agents)
      .where(and(eq(agents.id, ctx.agentId), eq(agents.tenantId, ctx.tenantId))),
    findUserById(ctx.deps.db, ctx.userId),
  ]);
  return agent ? { agent, user } : null;
}

export const tableToolFactory: ToolFactory = async (component: ComponentSnapshot, ctx: ToolBuildContext) => {
  const found = await whoAndWhere(ctx);
  if (!found) return null;
  const { agent, user } = found;
  let bound: Awaited<ReturnType<typeof boundTable>>;
  try {
    bound = await boundTable(ctx.deps, { tenantId: ctx.tenantId, spaceId: agent.spaceId }, component.targetId);
  } catch {
    return null;
  }
  const bind = tableBindSchema.parse(component.bindConfig ?? {});
  const caller = (variables: Record<string, unknown>): TableCaller => ({
    tenantId: ctx.tenantId,
    spaceId: agent.spaceId,
    userId: ctx.userId,
    userName: user?.userName ?? String(variables.USER_NAME ?? ""),
    nickName: user?.nickName ?? null,
    agentId: ctx.agentId,
    agentName: agent.name,
  });
  const scoped = bind.inputArgBindConfigs
    .filter((a) => CONDITION_COLUMNS.has(a.name) && hasValue(a))
    .map((a) => a.name);
  const scopeNote = scoped.length ? `字段 ${scoped.join("、")} 由系统按当前用户自动限定和填写，不要自己写。` : "";
  const insert = insertArgs(bound.fields, bind.inputArgBindConfigs);
  const label = bound.table.name || component.name;
  const key = component.id ?? component.targetId;
  const common = {
    type: "Table",
    targetId: component.targetId,
    componentId: component.id ?? null,
    mode: modeOf(bind.invokeType),
    exceptionOut: false,
    fallbackMsg: "",
    cardBindConfig: bind.cardBindConfig ?? undefined,
  };
  const insertTool: RuntimeTool = {
    ...common,
    label: `${label} · 新增数据`,
    name: `TABLE_DATA_INSERT_${key}`,
    description: [
      `向数据表“${label}”新增一行数据，参数是这一行各字段的值；系统字段由系统填写。`,
      scopeNote,
      bound.table.description ? `表的说明：${bound.table.description}` : "",
    ]
      .filter(Boolean)
      .join("\n"),
    inputSchema: insert.schema,
    async execute(args, toolCtx) {
      const { id } = await insertTableRow(ctx.deps, caller(toolCtx.variables), {
        tableId: component.targetId,
        data: insert.values(args, toolCtx.variables),
        binding: conditionsOf(bind.inputArgBindConfigs, toolCtx.variables),
      });
      return { id, rowNum: 1, success: true };
    },
  };
  const sqlTool: RuntimeTool = {
    ...common,
    label: `${label} · 执行 SQL`,
    name: `TABLE_SQL_EXECUTE_${key}`,
    description: [
      `用 SQL（PostgreSQL 语法）读写数据表“${label}”：SELECT 查询，INSERT 新增（写明字段列表），UPDATE 修改，DELETE 删除。`,
      "每次只写一条语句，用表名引用这张表；系统字段由系统填写。",
      scopeNote,
      describeTable(bound.table, bound.fields),
    ]
      .filter(Boolean)
      .join("\n")
      .slice(0, 4000),
    inputSchema: {
      type: "object",
      properties: { sql: { type: "string", description: "一条 SELECT / INSERT / UPDATE / DELETE 语句" } },
      required: ["sql"],
    },
    async execute(args, toolCtx) {
      const result = await executeTableSql(ctx.deps, caller(toolCtx.variables), {
        tableId: component.targetId,
        sql: String(args.sql ?? ""),
        binding: conditionsOf(bind.inputArgBindConfigs, toolCtx.variables),
      });
      return { outputList: result.rows, rowNum: result.rowCount, success: true };
    },
  };
  return [insertTool, sqlTool];
};
