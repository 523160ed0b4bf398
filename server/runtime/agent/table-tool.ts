import { and, eq } from "drizzle-orm";
import type { Arg } from "#contract/args";
import { tableBindSchema } from "#contract/components";
import { agents } from "#server/db/schema";
import { boundTable, describeTable, executeTableSql } from "#server/modules/table";
import type { Binding } from "../table/sql-guard";
import type { ComponentSnapshot, RuntimeTool, ToolBuildContext, ToolContext, ToolFactory } from "./tools";

/**
 * A data table bound to an agent (reference original-backend.md §7.3): the model reads and writes it with SQL
 * against the table's display name — SELECT to query, INSERT to add rows (the system columns are filled with
 * the user and agent), UPDATE and DELETE. The builder's binding (`inputArgBindConfigs`: a table field with a
 * value, usually a system variable such as SYS_USER_ID) becomes equality conditions on every read and write and
 * the value of those fields on insert: bound to `uid`, each user sees and changes only their own rows.
 */

/** A bound field's value for this turn: a Reference names a variable; an Input is a literal or `{{VARIABLE}}`. */
function bindingValue(arg: Arg, variables: Record<string, unknown>) {
  const raw = arg.bindValue;
  if (raw === undefined || raw === null || raw === "") return undefined;
  const name = typeof raw === "string" ? (/^\{\{\s*(\w+)\s*\}\}$/.exec(raw)?.[1] ?? null) : null;
  const value = arg.bindValueType === "Reference" ? variables[String(raw)] : name ? variables[name] : raw;
  if (value === undefined || value === null) return null;
  return typeof value === "number" || typeof value === "boolean" ? value : String(value);
}

export function bindingOf(args: Arg[], variables: Record<string, unknown>): Binding {
  const out: Binding = [];
  for (const arg of args) {
    if (arg.enable === false) continue;
    const value = bindingValue(arg, variables);
    if (value === undefined) continue;
    // The system column `uid` holds the user's id as text, whichever variable names it.
    out.push({ column: arg.name, value: arg.name === "uid" && value !== null ? String(value) : value });
  }
  return out;
}

async function agentSpace(ctx: ToolBuildContext) {
  const [row] = await ctx.deps.db
    .select({ spaceId: agents.spaceId, name: agents.name })
    .from(agents)
    .where(and(eq(agents.id, ctx.agentId), eq(agents.tenantId, ctx.tenantId)));
  return row;
}

export const tableToolFactory: ToolFactory = async (component: ComponentSnapshot, ctx: ToolBuildContext) => {
  const agent = await agentSpace(ctx);
  if (!agent) return null;
  const caller = { tenantId: ctx.tenantId, spaceId: agent.spaceId };
  let bound: Awaited<ReturnType<typeof boundTable>>;
  try {
    bound = await boundTable(ctx.deps, caller, component.targetId);
  } catch {
    return null;
  }
  const bind = tableBindSchema.parse(component.bindConfig ?? {});
  const boundNames = bind.inputArgBindConfigs
    .filter((a) => a.bindValue !== undefined && a.bindValue !== "")
    .map((a) => a.name);
  const description = [
    `用 SQL（PostgreSQL 语法）读写数据表“${bound.table.name}”：SELECT 查询，INSERT 新增（写明字段列表），UPDATE 修改，DELETE 删除。`,
    "每次只写一条语句，用表名引用这张表；系统字段由系统填写。",
    boundNames.length ? `字段 ${boundNames.join("、")} 由系统按当前用户自动限定，不要自己写条件。` : "",
    describeTable(bound.table, bound.fields),
  ]
    .filter(Boolean)
    .join("\n");
  const tool: RuntimeTool = {
    name: `table_${component.targetId}`,
    label: bound.table.name || component.name,
    type: "Table",
    targetId: component.targetId,
    componentId: component.id ?? null,
    description: description.slice(0, 4000),
    inputSchema: {
      type: "object",
      properties: { sql: { type: "string", description: "一条 SELECT / INSERT / UPDATE / DELETE 语句" } },
      required: ["sql"],
    },
    mode: bind.invokeType === "AUTO" ? "AUTO" : "ON_DEMAND",
    exceptionOut: false,
    fallbackMsg: "",
    cardBindConfig: bind.cardBindConfig ?? undefined,
    async execute(args: Record<string, unknown>, toolCtx: ToolContext) {
      const variables = toolCtx.variables;
      const result = await executeTableSql(
        ctx.deps,
        {
          ...caller,
          userId: ctx.userId,
          userName: String(variables.USER_NAME ?? ""),
          nickName: null,
          agentId: ctx.agentId,
          agentName: agent.name,
        },
        {
          tableId: component.targetId,
          sql: String(args.sql ?? ""),
          binding: bindingOf(bind.inputArgBindConfigs, variables),
        },
      );
      return { outputList: result.rows, rowNum: result.rowCount, success: true };
    },
  };
  return tool;
};
