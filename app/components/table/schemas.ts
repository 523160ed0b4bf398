import { z } from "zod";
import { required } from "#app/lib/forms";
import { addTableInput, updateTableNameInput } from "#contract/api/table";

/*
 * The table forms' rules are the contract's bodies; the forms only add their own words for a name left empty.
 */

/** 新建数据表: name and description (the space rides along as a hidden field). */
export const createTableSchema = z.object({
  tableName: required("请输入数据表名称", addTableInput.shape.tableName),
  tableDescription: addTableInput.shape.tableDescription,
  spaceId: addTableInput.shape.spaceId,
});

/** The header's 编辑: name and description of the table the page shows. */
export const tableInfoSchema = z.object({
  tableName: required("请输入数据表名称", updateTableNameInput.shape.tableName),
  tableDescription: updateTableNameInput.shape.tableDescription.transform((v) => v ?? ""),
});
