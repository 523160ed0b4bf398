import { ArrowLeft, Copy, Pencil, Table2 } from "lucide-react";
import { Form, Link } from "react-router";
import { withParams } from "#app/lib/url";
import { useSubmitting } from "#app/lib/use-submitting";
import type { TableDefineDetails } from "#contract/api/table";
import { Button, buttonClass } from "../ui/button";
import { Tabs } from "../ui/tabs";
import { tableLibraryPath, tablePath } from "./paths";

interface TableHeaderProps {
  table: Pick<TableDefineDetails, "id" | "spaceId" | "tableName" | "tableDescription" | "fieldList">;
  tab: "structure" | "data";
  /** The page's address (path and query). */
  here: string;
}

/** Back to the library, the table's name and description with 编辑, and the 表结构 / 表数据 tabs. */
export function TableHeader({ table, tab, here }: TableHeaderProps) {
  const copying = useSubmitting("copy-table");
  const custom = table.fieldList.filter((f) => !f.systemFieldFlag).length;
  return (
    <header className="flex flex-col gap-3 border-gray-200 border-b bg-white px-4 py-3">
      <div className="flex items-center gap-3">
        <Link
          to={tableLibraryPath(table.spaceId)}
          aria-label="返回组件库"
          className={buttonClass("ghost", "sm", "px-2")}
        >
          <ArrowLeft className="size-4" aria-hidden />
        </Link>
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-50 text-primary-700">
          <Table2 className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h1 className="truncate font-semibold text-base">{table.tableName}</h1>
          <p className="truncate text-[13px] text-gray-500">
            {table.tableDescription || "暂无描述"} · {custom} 个自定义字段
          </p>
        </div>
        <Link to={withParams(here, { edit: "info" })} preventScrollReset className={buttonClass("secondary", "sm")}>
          <Pencil className="size-4" aria-hidden />
          编辑
        </Link>
        <Form method="post">
          <input type="hidden" name="intent" value="copy-table" />
          <Button type="submit" variant="secondary" size="sm" loading={copying}>
            <Copy className="size-4" aria-hidden />
            复制
          </Button>
        </Form>
      </div>
      <div className="w-64">
        <Tabs
          label="数据表视图"
          active={tab}
          items={[
            { key: "structure", label: "表结构", to: tablePath(table) },
            { key: "data", label: "表数据", to: `${tablePath(table)}?tab=data` },
          ]}
        />
      </div>
    </header>
  );
}
