import { Download, Eraser, Pencil, Plus, Trash2, Upload } from "lucide-react";
import { Link } from "react-router";
import { withParams } from "#app/lib/url";
import { urlOf } from "#contract/api/endpoint";
import { type TableDataPage, table as tables } from "#contract/api/table";
import { buttonClass } from "../ui/button";
import { Pagination } from "../ui/pagination";
import { cellClass, Table } from "../ui/table";
import { fieldTypeLabel } from "./field-rows";
import { cellText, editableColumns } from "./row-values";

interface DataGridProps {
  tableId: number;
  data: TableDataPage;
  /** The page's address (path and query), for the dialog and page links. */
  here: string;
}

/** 表数据: the toolbar (新增, 导入, 导出, 清空), one page of rows with 编辑 / 删除 each, and page links. */
export function DataGrid({ tableId, data, here }: DataGridProps) {
  const custom = editableColumns(data.columnDefines);
  const link = (changes: Record<string, string | number | null>) => withParams(here, changes);
  const rowId = (row: Record<string, unknown>) => Number(row.id);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Link to={link({ row: "new" })} preventScrollReset className={buttonClass("primary", "sm")}>
          <Plus className="size-4" aria-hidden />
          新增数据
        </Link>
        <Link to={link({ import: 1 })} preventScrollReset className={buttonClass("secondary", "sm")}>
          <Upload className="size-4" aria-hidden />
          导入
        </Link>
        <a
          href={urlOf(tables.exportExcel, { params: { tableId } })}
          download
          className={buttonClass("secondary", "sm")}
        >
          <Download className="size-4" aria-hidden />
          导出
        </a>
        <Link
          to={link({ confirm: "clear" })}
          preventScrollReset
          className={buttonClass("ghost", "sm", "text-danger-700")}
        >
          <Eraser className="size-4" aria-hidden />
          清空数据
        </Link>
        <span className="ml-auto text-[13px] text-gray-500">共 {data.total} 行</span>
      </div>
      <Table
        label="表数据"
        columns={[
          "id",
          ...custom.map((c) => ({ label: c.fieldName, className: c.fieldType === 7 ? "min-w-48" : undefined })),
          "创建时间",
          { label: "操作", className: "text-right" },
        ]}
        empty={custom.length ? "还没有数据，点击“新增数据”或“导入”添加。" : "请先在“表结构”中新增字段，再添加数据。"}
      >
        {data.records.map((row) => (
          <tr key={String(row.id)}>
            <td className={cellClass}>{String(row.id)}</td>
            {custom.map((c) => (
              <td
                key={c.id}
                className={`${cellClass} max-w-64 truncate`}
                title={`${c.fieldName}（${fieldTypeLabel(c.fieldType)}）`}
              >
                {cellText(row[c.fieldName], c.fieldType)}
              </td>
            ))}
            <td className={`${cellClass} whitespace-nowrap text-gray-500`}>{cellText(row.created, 5)}</td>
            <td className={`${cellClass} whitespace-nowrap text-right`}>
              <Link
                to={link({ row: rowId(row) })}
                preventScrollReset
                aria-label={`编辑第 ${rowId(row)} 行`}
                className={buttonClass("ghost", "sm")}
              >
                <Pencil className="size-4" aria-hidden />
              </Link>
              <Link
                to={link({ deleteRow: rowId(row) })}
                preventScrollReset
                aria-label={`删除第 ${rowId(row)} 行`}
                className={buttonClass("ghost", "sm", "text-danger-700")}
              >
                <Trash2 className="size-4" aria-hidden />
              </Link>
            </td>
          </tr>
        ))}
      </Table>
      <Pagination
        current={data.current}
        pages={data.pages}
        total={data.total}
        hrefFor={(page) => link({ page, row: null, deleteRow: null })}
      />
    </div>
  );
}
