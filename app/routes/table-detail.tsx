import { Form, Link } from "react-router";
import { DataGrid } from "../components/table/data-grid";
import { rowsOfFields } from "../components/table/field-rows";
import { ImportPanel } from "../components/table/import-panel";
import { DIALOG_PARAMS, tablePath } from "../components/table/paths";
import { replyFor, type TableReply } from "../components/table/reply";
import { RowForm } from "../components/table/row-form";
import { storedTexts } from "../components/table/row-values";
import { StructureEditor } from "../components/table/structure-editor";
import { TableInfoForm } from "../components/table/table-forms";
import { TableHeader } from "../components/table/table-header";
import { Button, buttonClass } from "../components/ui/button";
import { Confirm } from "../components/ui/confirm";
import { FormErrors } from "../components/ui/field";
import { UrlDialog } from "../components/ui/url-dialog";
import { pageTitle } from "../lib/meta";
import { withParams } from "../lib/url";
import { useSubmitting } from "../lib/use-submitting";
import type { Route } from "./+types/table-detail";
import { loadTable, tableAction } from "./table-detail.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageTitle(matches, loaderData ? `${loaderData.table.tableName} · 数据表` : "数据表");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadTable(context, request, params);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return tableAction(context, request, params);
}

/** The data table page: 表结构 (the field editor) and 表数据 (the grid), each dialog opened by the URL. */
export default function TablePage({ loaderData, actionData }: Route.ComponentProps) {
  const { table, tab, rows, search } = loaderData;
  const reply = actionData as TableReply | undefined;
  const here = `${tablePath(table)}${search}`;
  const query = new URLSearchParams(search);
  const closeTo = withParams(here, Object.fromEntries(DIALOG_PARAMS.map((p) => [p, null])));
  const structure = replyFor(reply, "save-structure", "field-add", "field-remove");
  const rowReply = replyFor(reply, "row-save");
  const importReply = replyFor(reply, "import");
  const otherError = replyFor(reply, "row-delete", "clear")?.formError;

  return (
    <div className="flex min-h-screen flex-col bg-gray-50">
      <TableHeader table={table} tab={tab} here={here} />
      <main className="flex flex-col gap-4 p-4">
        <FormErrors errors={otherError ? [otherError] : undefined} />
        {tab === "structure" ? (
          <StructureEditor
            key={`${table.modified}|${reply?.at ?? ""}`}
            tableId={table.id}
            fieldList={table.fieldList}
            rows={structure?.fields ?? rowsOfFields(table.fieldList)}
            hasData={table.existTableDataFlag}
            errors={structure?.errors}
            formError={structure?.formError}
          />
        ) : rows ? (
          <DataGrid tableId={table.id} data={rows} here={here} />
        ) : null}
      </main>
      {query.get("edit") === "info" ? (
        <UrlDialog title="编辑数据表" closeTo={closeTo}>
          <TableInfoForm
            tableName={table.tableName}
            tableDescription={table.tableDescription}
            lastResult={replyFor(reply, "info")?.result}
            cancelTo={closeTo}
          />
        </UrlDialog>
      ) : null}
      {rows ? <DataDialogs rows={rows} query={query} closeTo={closeTo} reply={rowReply} /> : null}
      {rows && query.get("import") ? (
        <UrlDialog title="导入 Excel" closeTo={closeTo}>
          <ImportPanel
            uploadTo={`${tablePath(table)}/import`}
            cancelTo={closeTo}
            doneTo={withParams(closeTo, { page: null })}
            report={importReply?.report}
            formError={importReply?.formError}
          />
        </UrlDialog>
      ) : null}
    </div>
  );
}

interface DataDialogsProps {
  rows: NonNullable<Route.ComponentProps["loaderData"]["rows"]>;
  query: URLSearchParams;
  closeTo: string;
  reply?: TableReply;
}

/** 新增 / 编辑 a row (?row=new, ?row=<id>), 删除 a row (?deleteRow=<id>), 清空数据 (?confirm=clear). */
function DataDialogs({ rows, query, closeTo, reply }: DataDialogsProps) {
  const findRow = (param: string) => rows.records.find((r) => String(r.id) === query.get(param));
  const rowParam = query.get("row");
  if (rowParam) {
    const editing = rowParam === "new" ? undefined : findRow("row");
    if (rowParam !== "new" && !editing) return null;
    const rowId = editing ? Number(editing.id) : undefined;
    return (
      <UrlDialog title={editing ? "编辑数据" : "新增数据"} closeTo={closeTo}>
        <RowForm
          columns={rows.columnDefines}
          rowId={rowId}
          texts={reply?.row?.texts ?? storedTexts(editing, rows.columnDefines)}
          errors={reply?.errors}
          formError={reply?.formError}
          cancelTo={closeTo}
        />
      </UrlDialog>
    );
  }
  const deleting = findRow("deleteRow");
  if (deleting) {
    return (
      <Confirm
        title="删除数据"
        description={`确定删除 id 为 ${String(deleting.id)} 的这行数据吗？删除后不能恢复。`}
        cancelTo={closeTo}
      >
        <ConfirmForm intent="row-delete" rowId={Number(deleting.id)} cancelTo={closeTo} label="确认删除" />
      </Confirm>
    );
  }
  if (query.get("confirm") === "clear") {
    return (
      <Confirm
        title="清空数据"
        description={`确定清空表中的全部 ${rows.total} 行数据吗？清空后不能恢复，表结构保持不变。`}
        cancelTo={closeTo}
      >
        <ConfirmForm intent="clear" cancelTo={closeTo} label="确认清空" />
      </Confirm>
    );
  }
  return null;
}

function ConfirmForm({
  intent,
  rowId,
  cancelTo,
  label,
}: {
  intent: string;
  rowId?: number;
  cancelTo: string;
  label: string;
}) {
  const busy = useSubmitting(intent);
  return (
    <Form method="post" className="flex justify-end gap-2">
      <input type="hidden" name="intent" value={intent} />
      {rowId ? <input type="hidden" name="rowId" value={rowId} /> : null}
      <Link to={cancelTo} replace preventScrollReset className={buttonClass("secondary")}>
        取消
      </Link>
      <Button type="submit" variant="danger" loading={busy}>
        {label}
      </Button>
    </Form>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../components/error-view";
