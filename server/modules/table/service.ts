import type { Actor, Deps } from "../../core";
import { AppError, badField, fail, forbidden, notFound } from "../../core";
import type { Db } from "../../db/client";
import * as ddl from "../../runtime/table/ddl";
import { developsIn } from "../agent/dto";
import { findUserById } from "../auth";
import { accessComponent, checkCopyTarget, copyName } from "../component/access";
import { accessSpace } from "../space/service";
import {
  type AddTableInput,
  systemFieldNames,
  type TableListInput,
  tableFieldTypeLabels,
  type UpdateTableDefinitionInput,
  type UpdateTableNameInput,
} from "./contract";
import { columnDefines, fieldSpec, toDefinitionInfo, toDetails } from "./dto";
import * as repo from "./repo";

const NOT_FOUND = "数据表不存在";
const LABEL = "数据表";

/**
 * The table, the caller's role and permissions; outsiders are told it does not exist. Reading needs membership;
 * `Edit` (structure and rows) needs the space open to development for the caller; `Delete` the creator or a space
 * admin; `Copy` any member.
 */
export async function accessTable(deps: Deps, actor: Actor, tableId: number, need?: "Edit" | "Delete" | "Copy") {
  const table = await repo.findTable(deps.db, actor.tenantId, tableId);
  if (!table) throw notFound(NOT_FOUND);
  const access = await accessComponent(deps, actor, table, LABEL, need);
  const permissions = [
    ...access.permissions.filter((p): p is "Copy" | "Delete" => p === "Copy" || p === "Delete"),
    ...(access.develops ? (["Edit"] as const) : []),
  ];
  return { table, ...access, permissions };
}

/** The table's custom fields as the DDL and the row checks need them. */
export async function fieldsOf(db: Db, tableId: number) {
  return (await repo.listFields(db, tableId)).map(fieldSpec);
}

export async function addTable(deps: Deps, actor: Actor, input: AddTableInput) {
  const { space, role } = await accessSpace(deps, actor, input.spaceId);
  if (!developsIn(actor, space, role)) throw forbidden("该空间未开放开发功能");
  return createTable(deps.db, actor, {
    spaceId: space.id,
    name: input.tableName,
    description: input.tableDescription,
    icon: input.icon ?? null,
  });
}

/** A definition, its fields and its physical table in one transaction (a failed DDL leaves nothing behind). */
async function createTable(
  db: Db,
  actor: Actor,
  values: { spaceId: number; name: string; description: string; icon: string | null },
  fields: Omit<repo.NewField, "tableId" | "id">[] = [],
) {
  return db.transaction(async (tx) => {
    const table = await repo.insertTable(tx, { ...values, tenantId: actor.tenantId, creatorId: actor.userId });
    const inserted = await repo.insertFields(
      tx,
      fields.map((f) => ({ ...f, tableId: table.id })),
    );
    await ddl.createPhysicalTable(tx, table.id, inserted.map(fieldSpec));
    return table.id;
  });
}

export async function listTables(deps: Deps, actor: Actor, input: TableListInput) {
  const { role, space } = await accessSpace(deps, actor, input.queryFilter.spaceId);
  const develops = developsIn(actor, space, role);
  const rows = await repo.listSpaceTables(
    deps.db,
    actor.tenantId,
    space.id,
    { name: input.queryFilter.tableName, description: input.queryFilter.tableDescription },
    { limit: input.pageSize, offset: (input.current - 1) * input.pageSize },
  );
  return rows.map((r) => {
    const spaceAdmin = actor.role === "Admin" || role === "Owner" || role === "Admin";
    const permissions = [
      "Copy" as const,
      ...(spaceAdmin || (develops && r.table.creatorId === actor.userId) ? (["Delete"] as const) : []),
      ...(develops ? (["Edit"] as const) : []),
    ];
    return toDefinitionInfo(r.table, r.user, permissions);
  });
}

export async function tableDetails(deps: Deps, actor: Actor, tableId: number) {
  const { table, permissions } = await accessTable(deps, actor, tableId);
  const fields = await repo.listFields(deps.db, tableId);
  const user = await findUserById(deps.db, table.creatorId);
  return toDetails(table, user, permissions, fields, await ddl.hasRows(deps.db, tableId));
}

export async function existData(deps: Deps, actor: Actor, tableId: number) {
  await accessTable(deps, actor, tableId);
  return ddl.hasRows(deps.db, tableId);
}

export async function updateTableName(deps: Deps, actor: Actor, input: UpdateTableNameInput) {
  await accessTable(deps, actor, input.id, "Edit");
  await repo.updateTable(deps.db, input.id, {
    name: input.tableName,
    ...(input.tableDescription !== undefined && input.tableDescription !== null
      ? { description: input.tableDescription }
      : {}),
    ...(input.icon !== undefined ? { icon: input.icon } : {}),
  });
  return input.id;
}

const LOCKED = "表中已有数据，不能删除字段或修改已有字段的类型、是否必填和是否唯一，请先清空数据";

/**
 * Replaces the custom fields with the given complete list (existing ones by id, new ones without). Refused while
 * the table has rows when a field would be dropped or an existing field's type, nullable or unique flag changes.
 */
export async function updateDefinition(deps: Deps, actor: Actor, input: UpdateTableDefinitionInput) {
  const { table } = await accessTable(deps, actor, input.id, "Edit");
  const list = input.fieldList.filter((f) => !f.systemFieldFlag);
  const seen = new Set<string>();
  list.forEach((f, i) => {
    const lower = f.fieldName.toLowerCase();
    if ((systemFieldNames as readonly string[]).includes(lower)) {
      throw badField(`fieldList.${i}.fieldName`, `“${f.fieldName}”是系统字段名`);
    }
    if (seen.has(lower)) throw badField(`fieldList.${i}.fieldName`, `字段名“${f.fieldName}”重复`);
    seen.add(lower);
    const literal = ddl.defaultLiteral({ fieldType: f.fieldType, defaultValue: f.defaultValue ?? null });
    if (literal && typeof literal === "object") throw badField(`fieldList.${i}.defaultValue`, literal.error);
  });
  return deps.db.transaction(async (tx) => {
    const before = await repo.listFields(tx, table.id);
    const byId = new Map(before.map((f) => [f.id, f]));
    list.forEach((f, i) => {
      if (f.id && !byId.has(f.id)) throw badField(`fieldList.${i}.id`, "字段不存在");
    });
    const keptIds = new Set(list.map((f) => f.id).filter(Boolean));
    const dropped = before.filter((f) => !keptIds.has(f.id));
    const hasData = await ddl.hasRows(tx, table.id);
    if (hasData) {
      const locked = list.some((f) => {
        const old = f.id ? byId.get(f.id) : undefined;
        return old && (old.fieldType !== f.fieldType || old.nullable !== f.nullableFlag || old.unique !== f.uniqueFlag);
      });
      if (dropped.length || locked) throw fail(LOCKED);
      const required = list.find((f) => !f.id && !f.nullableFlag && !f.defaultValue);
      if (required) throw fail(`表中已有数据，新增的必填字段“${required.fieldName}”必须设置默认值`);
    }
    await repo.deleteFields(
      tx,
      dropped.map((f) => f.id),
    );
    // Renamed fields pass through a name no field can have, so names may be swapped within one save.
    for (const f of list) {
      if (f.id && byId.get(f.id)?.name !== f.fieldName) await repo.updateField(tx, f.id, { name: `_r${f.id}` });
    }
    const after: ddl.FieldSpec[] = [];
    for (const [i, f] of list.entries()) {
      const values = {
        name: f.fieldName,
        description: f.fieldDescription ?? "",
        fieldType: f.fieldType,
        nullable: f.nullableFlag,
        unique: f.uniqueFlag,
        enabled: f.enabledFlag,
        defaultValue: f.defaultValue?.trim() ? f.defaultValue : null,
        sortIndex: f.sortIndex ?? i,
      };
      if (f.id) {
        await repo.updateField(tx, f.id, values);
        after.push(fieldSpec({ ...values, id: f.id }));
      } else {
        const [row] = await repo.insertFields(tx, [{ ...values, tableId: table.id }]);
        if (row) after.push(fieldSpec(row));
      }
    }
    try {
      await ddl.runAll(tx, ddl.alterStatements(table.id, before.map(fieldSpec), after));
    } catch (err) {
      throw ddlRefusal(err);
    }
    await repo.updateTable(tx, table.id, {});
    return table.id;
  });
}

/** A DDL statement PostgreSQL refused because of the rows (a duplicate for a new unique field, a null...). */
function ddlRefusal(err: unknown) {
  if (err instanceof AppError) return err;
  const code =
    (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
  if (code === "23505") return fail("已有数据中存在重复值，不能设为唯一");
  if (code === "23502") return fail("已有数据中存在空值，不能设为必填");
  return err;
}

/** The definition's physical table goes with its row: the custom_table delete trigger drops it (migration 0012). */
export async function deleteTable(deps: Deps, actor: Actor, tableId: number) {
  await accessTable(deps, actor, tableId, "Delete");
  await repo.deleteTable(deps.db, tableId);
}

/** A copy of the structure (not the rows) in the same space, named with 副本. */
export async function copyTable(deps: Deps, actor: Actor, tableId: number) {
  const { table, role } = await accessTable(deps, actor, tableId, "Copy");
  await checkCopyTarget(deps, actor, { spaceId: table.spaceId, role }, table.spaceId);
  const fields = await repo.listFields(deps.db, tableId);
  return createTable(
    deps.db,
    actor,
    { spaceId: table.spaceId, name: copyName(table.name), description: table.description, icon: table.icon },
    fields.map(({ id: _id, tableId: _t, ...f }) => f),
  );
}

/** The table's structure in words, for the SQL assistant and the agent's SQL tool (the caller must be able to read it). */
export async function sqlTableBrief(deps: Deps, actor: Actor, tableId: number) {
  const { table } = await accessTable(deps, actor, tableId);
  return describeTable(table, await repo.listFields(deps.db, tableId));
}

export function describeTable(table: repo.TableDefRow, fields: repo.FieldRow[]) {
  const lines = columnDefines(fields).map((f) => {
    const flags = [
      tableFieldTypeLabels[f.fieldType],
      f.systemFieldFlag ? "系统字段" : "",
      f.nullableFlag ? "" : "必填",
      f.uniqueFlag ? "唯一" : "",
    ];
    return `- ${f.fieldName}（${flags.filter(Boolean).join("，")}）${f.fieldDescription ? `：${f.fieldDescription}` : ""}`;
  });
  return `数据表名称：${table.name}\n说明：${table.description || "无"}\n字段：\n${lines.join("\n")}`;
}
