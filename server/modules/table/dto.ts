import {
  systemFieldNames,
  type TableDefineDetails,
  type TableDefinitionInfo,
  type TableFieldInfo,
  type TableFieldType,
} from "#contract/api/table";
import { iconOr } from "#contract/icons";
import { createTableDdl, type FieldSpec, physicalName, TABLE_SCHEMA } from "#server/runtime/table/ddl";
import { toCreatorInfo } from "../agent/dto";
import type { FieldRow, TableDefRow } from "./repo";

type UserRow = Parameters<typeof toCreatorInfo>[0];
type Permission = TableDefinitionInfo["permissions"][number];

export const fieldSpec = (
  f: Pick<FieldRow, "id" | "name" | "fieldType" | "nullable" | "unique" | "defaultValue">,
): FieldSpec => ({
  id: f.id,
  name: f.name,
  fieldType: f.fieldType as FieldSpec["fieldType"],
  nullable: f.nullable,
  unique: f.unique,
  defaultValue: f.defaultValue,
});

const systemDescriptions: Record<(typeof systemFieldNames)[number], [string, TableFieldType]> = {
  id: ["主键", 6],
  uid: ["用户 ID", 1],
  user_name: ["用户名", 1],
  nick_name: ["用户昵称", 1],
  agent_id: ["智能体 ID", 2],
  agent_name: ["智能体名称", 1],
  created: ["创建时间", 5],
  modified: ["更新时间", 5],
};

/** The system columns as fields (ids -1…-8, so lists can key on them), first in every field list. */
export const systemFields: TableFieldInfo[] = systemFieldNames.map((name, i) => ({
  id: -(i + 1),
  fieldName: name,
  fieldDescription: systemDescriptions[name][0],
  systemFieldFlag: true,
  fieldType: systemDescriptions[name][1],
  nullableFlag: name !== "id" && name !== "created" && name !== "modified",
  defaultValue: null,
  uniqueFlag: name === "id",
  enabledFlag: true,
  sortIndex: i - systemFieldNames.length,
}));

export const toFieldInfo = (f: FieldRow): TableFieldInfo => ({
  id: f.id,
  fieldName: f.name,
  fieldDescription: f.description,
  systemFieldFlag: false,
  fieldType: f.fieldType as TableFieldType,
  nullableFlag: f.nullable,
  defaultValue: f.defaultValue,
  uniqueFlag: f.unique,
  enabledFlag: f.enabled,
  sortIndex: f.sortIndex,
});

export const columnDefines = (fields: FieldRow[]) => [...systemFields, ...fields.map(toFieldInfo)];

export function toDefinitionInfo(t: TableDefRow, user: UserRow, permissions: Permission[]): TableDefinitionInfo {
  return {
    id: t.id,
    tenantId: t.tenantId,
    spaceId: t.spaceId,
    icon: iconOr("Table", t.icon),
    tableName: t.name,
    tableDescription: t.description,
    dorisDatabase: TABLE_SCHEMA,
    dorisTable: physicalName(t.id),
    status: t.status === -1 ? -1 : 1,
    creatorId: t.creatorId,
    creatorName: user?.nickName || user?.userName || null,
    creator: toCreatorInfo(user),
    created: t.created.toISOString(),
    modified: t.modified.toISOString(),
    permissions,
  };
}

export function toDetails(
  t: TableDefRow,
  user: UserRow,
  permissions: Permission[],
  fields: FieldRow[],
  existTableDataFlag: boolean,
): TableDefineDetails {
  return {
    ...toDefinitionInfo(t, user, permissions),
    fieldList: columnDefines(fields),
    createTableDdl: createTableDdl(t.id, fields.map(fieldSpec)),
    existTableDataFlag,
  };
}
