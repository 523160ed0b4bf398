import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data, redirect } from "react-router";
import { importReportSchema, table as tables } from "#contract/api/table";
import {
  applyFieldEdit,
  checkDefinition,
  type FieldErrors,
  formFieldOf,
  parseFieldEdit,
  readFieldRows,
} from "../components/table/field-rows";
import { DIALOG_PARAMS, tableLibraryPath, tablePath } from "../components/table/paths";
import type { TableReply } from "../components/table/reply";
import { readRowData, rowFieldName, rowTexts } from "../components/table/row-values";
import { tableInfoSchema } from "../components/table/schemas";
import { type ApiError, redirectToLogin } from "../lib/api.server";
import { apiCall, apiUpload, tryApiCall } from "../lib/api-call.server";
import { replyWithApiError } from "../lib/form.server";
import { redirectWithToast } from "../lib/toast.server";
import { idParam, pageParam, pathOf, spaceIdParam, withParams } from "../lib/url";

export const tableIdParam = (value: string | undefined) => idParam(value, "数据表不存在");

/** Rows per grid page. */
export const PAGE_SIZE = 10;

export type TableTab = "structure" | "data";

/** The table, and on the 表数据 tab the requested page of rows; an address of another space redirects. */
export async function loadTable(
  context: AppLoadContext,
  request: Request,
  params: { spaceId?: string; tableId?: string },
) {
  const spaceId = spaceIdParam(params.spaceId);
  const tableId = tableIdParam(params.tableId);
  const url = new URL(request.url);
  const table = await apiCall(context, request, tables.detail, { query: { id: tableId } });
  if (table.spaceId !== spaceId) throw redirect(`${tablePath(table)}${url.search}`);
  const tab: TableTab = url.searchParams.get("tab") === "data" ? "data" : "structure";
  const page = pageParam(url);
  const rows =
    tab === "data"
      ? await apiCall(context, request, tables.data, { query: { tableId, pageNo: page, pageSize: PAGE_SIZE } })
      : null;
  // A page past the end (after deleting its last rows) shows the last one instead of an empty grid.
  if (rows && rows.records.length === 0 && page > 1 && rows.pages > 0)
    throw redirect(withParams(url.pathname + url.search, { page: rows.pages }));
  return { table, tab, rows, search: url.search };
}

/** A backend refusal under the form's fields (`fieldList.0.fieldName`, `rowData.name`), or above the form. */
function apiErrors(error: ApiError): { errors?: FieldErrors; formError?: string } {
  const errors: FieldErrors = {};
  for (const [path, messages] of Object.entries(error.fieldErrors ?? {})) {
    const parts = path.split(".");
    const name =
      parts[0] === "rowData" && parts[1]
        ? rowFieldName(parts.slice(1).join("."))
        : formFieldOf(parts.map((p) => (/^\d+$/.test(p) ? Number(p) : p)));
    if (name) errors[name] = messages;
  }
  if (Object.keys(errors).length) return { errors };
  return { formError: error.code === "5000" ? `${error.message}（请求编号 ${error.tid}）` : error.message };
}

const positiveId = (value: FormDataEntryValue | null) => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/**
 * Every form of the table page posts here with an `intent`; plain posts redirect with a toast, failures come back
 * as a TableReply. The library's row menu posts 复制 and 删除 here too.
 */
export async function tableAction(
  context: AppLoadContext,
  request: Request,
  params: { spaceId?: string; tableId?: string },
) {
  const spaceId = spaceIdParam(params.spaceId);
  const tableId = tableIdParam(params.tableId);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const at = Date.now();
  const back = pathOf(request, DIALOG_PARAMS);
  const done = (message: string, to = back) => redirectWithToast(context, to, { type: "success", message });

  const edit = parseFieldEdit(intent);
  if (edit || intent === "save-structure") {
    const fields = readFieldRows(formData);
    if (edit) return { intent, at, fields: applyFieldEdit(fields, edit) } satisfies TableReply;
    const checked = checkDefinition(tableId, fields);
    if (!checked.ok) return { intent, at, fields, errors: checked.errors } satisfies TableReply;
    const res = await tryApiCall(context, request, tables.updateDefinition, { body: checked.body });
    return res.ok ? done("保存成功") : ({ intent, at, fields, ...apiErrors(res.error) } satisfies TableReply);
  }

  switch (intent) {
    case "info": {
      const submission = parseWithZod(formData, { schema: tableInfoSchema });
      if (submission.status !== "success") return { intent, at, result: submission.reply() } satisfies TableReply;
      const res = await tryApiCall(context, request, tables.updateName, {
        body: { id: tableId, ...submission.value },
      });
      if (!res.ok) return { intent, at, result: replyWithApiError(submission, res.error) } satisfies TableReply;
      return done("修改成功");
    }
    case "row-save": {
      const rowId = positiveId(formData.get("rowId"));
      const table = await apiCall(context, request, tables.detail, { query: { id: tableId } });
      const rowData = readRowData(formData, table.fieldList);
      const res = rowId
        ? await tryApiCall(context, request, tables.updateRow, { body: { tableId, rowId, rowData } })
        : await tryApiCall(context, request, tables.addRow, { body: { tableId, rowData } });
      if (res.ok) return done(rowId ? "修改成功" : "添加成功");
      const row = { rowId, texts: rowTexts(formData, table.fieldList) };
      return { intent, at, row, ...apiErrors(res.error) } satisfies TableReply;
    }
    case "row-delete": {
      const rowId = positiveId(formData.get("rowId"));
      if (!rowId) return { intent, at, formError: "参数错误" } satisfies TableReply;
      const res = await tryApiCall(context, request, tables.deleteRow, { body: { tableId, rowId } });
      return res.ok ? done("删除成功") : ({ intent, at, ...apiErrors(res.error) } satisfies TableReply);
    }
    case "clear": {
      const res = await tryApiCall(context, request, tables.clear, { params: { tableId } });
      return res.ok ? done("数据已清空") : ({ intent, at, ...apiErrors(res.error) } satisfies TableReply);
    }
    case "import":
      return importFile(context, request, tableId, formData.get("file"), back);
    case "delete-table": {
      const res = await tryApiCall(context, request, tables.delete, { params: { id: tableId } });
      if (!res.ok)
        return redirectWithToast(context, tableLibraryPath(spaceId), { type: "error", message: res.error.message });
      return done("删除成功", tableLibraryPath(spaceId));
    }
    case "copy-table": {
      const res = await tryApiCall(context, request, tables.copy, { query: { tableId } });
      if (!res.ok)
        return redirectWithToast(context, tableLibraryPath(spaceId), { type: "error", message: res.error.message });
      return done("复制成功", tablePath({ id: res.data, spaceId }));
    }
  }
  throw data({ code: "4000", message: "未知的操作", tid: "" }, { status: 400 });
}

/** 导入 without JavaScript: the file goes on to the API; refused rows come back as the report. */
async function importFile(
  context: AppLoadContext,
  request: Request,
  tableId: number,
  file: FormDataEntryValue | null,
  back: string,
) {
  const intent = "import";
  const at = Date.now();
  if (!(file instanceof File) || file.size === 0)
    return { intent, at, formError: "请选择要导入的 Excel 文件" } satisfies TableReply;
  const form = new FormData();
  form.set("file", file);
  const { envelope } = await apiUpload(context, request, tables.importExcel, form, { params: { tableId } });
  if (envelope.code === "4010" || envelope.code === "4011") throw redirectToLogin(request);
  const report = importReportSchema.safeParse(envelope.data);
  if (envelope.code === "0000" && report.success)
    return redirectWithToast(context, withParams(back, { tab: "data", page: null }), {
      type: "success",
      message: `已导入 ${report.data.importedRows} 行`,
    });
  return {
    intent,
    at,
    formError: envelope.message,
    ...(report.success ? { report: report.data } : {}),
  } satisfies TableReply;
}
