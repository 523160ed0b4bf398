import { Link } from "react-router";
import { endpoints } from "#contract/api";
import { PageHeader } from "../components/page-header";
import { categoriesOf } from "../components/square/types";
import type { AuditReply, PublishedRecord } from "../components/system/audit-schemas";
import { FilterForm } from "../components/system/filter-form";
import { ReasonConfirm } from "../components/system/reason-confirm";
import { buttonClass } from "../components/ui/button";
import { Pagination } from "../components/ui/pagination";
import { cellClass, Table } from "../components/ui/table";
import { apiCall } from "../lib/api-call.server";
import { displayName, formatDateTime } from "../lib/format";
import { publishScopeLabels, publishTargetLabels } from "../lib/labels";
import { pageTitle } from "../lib/meta";
import { choiceParam, pageParam, pathOf, textParam, withParams } from "../lib/url";
import type { Route } from "./+types/system-published-manage";
import { auditAction } from "./system-audit.server";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "已发布管理");

const PAGE_SIZE = 10;
const types = ["Agent"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const type = choiceParam(url, "type", types);
  const kw = textParam(url, "kw");
  const [page, categories] = await Promise.all([
    apiCall(context, request, endpoints.publish.publishedList, {
      body: {
        pageNo: pageParam(url),
        pageSize: PAGE_SIZE,
        queryFilter: { targetType: type || undefined, kw: kw || undefined },
      },
    }),
    apiCall(context, request, endpoints.publish.categories),
  ]);
  const offShelfId = Number(url.searchParams.get("offShelf"));
  const takingOff = page.records.find((r) => r.id === offShelfId) ?? null;
  return { page, categories, type, kw, takingOff, cleanUrl: pathOf(request, ["offShelf"]) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return auditAction(context, request, pathOf(request, ["offShelf"]));
}

export default function PublishedManagePage({ loaderData, actionData }: Route.ComponentProps) {
  const { page, categories, type, kw, takingOff, cleanUrl } = loaderData;
  const categoryLabel = (key: string) => categoriesOf(categories).find((c) => c.key === key)?.label ?? key;
  return (
    <>
      <PageHeader title="已发布管理" description="正在广场和空间中使用的发布；下架时请写明原因，发布者会收到通知。" />
      {takingOff ? (
        <ReasonConfirm
          intent="offShelf"
          targetId={takingOff.id}
          title="下架"
          description={`确定把「${takingOff.name}」从${publishScopeLabels[takingOff.scope]}下架吗？`}
          submitLabel="确认下架"
          cancelTo={cleanUrl}
          reply={actionData as AuditReply | undefined}
        />
      ) : null}
      <FilterForm
        selects={[
          {
            name: "type",
            label: "类型",
            value: type,
            options: [{ value: "", label: "全部" }, ...types.map((t) => ({ value: t, label: publishTargetLabels[t] }))],
          },
        ]}
        kw={kw}
        kwPlaceholder="请输入智能体名称"
        resetTo="/system/published/manage"
      />
      <Table
        label="已发布"
        columns={[
          "发布名称",
          "类型",
          "分类",
          "描述",
          "备注",
          "发布者",
          "发布时间",
          { label: "操作", className: "text-right" },
        ]}
        empty={kw || type ? "没有符合条件的发布" : "暂无已发布的内容"}
      >
        {page.records.map((r) => (
          <PublishedRow
            key={r.id}
            item={r}
            category={categoryLabel(r.category)}
            offShelfHref={withParams(cleanUrl, { offShelf: r.id })}
          />
        ))}
      </Table>
      <Pagination
        current={page.current}
        pages={page.pages}
        total={page.total}
        hrefFor={(p) => withParams(cleanUrl, { page: p === 1 ? null : p })}
      />
    </>
  );
}

function PublishedRow({
  item,
  category,
  offShelfHref,
}: {
  item: PublishedRecord;
  category: string;
  offShelfHref: string;
}) {
  return (
    <tr>
      <td className={cellClass}>
        <p className="font-medium">{item.name}</p>
        <p className="text-[13px] text-gray-500">
          {publishScopeLabels[item.scope]}
          {item.allowCopy === 1 ? " · 允许复制" : ""}
        </p>
      </td>
      <td className={cellClass}>{publishTargetLabels[item.targetType]}</td>
      <td className={cellClass}>{category}</td>
      <td className={cellClass}>
        <p className="line-clamp-2 max-w-56 text-gray-600">{item.description || "—"}</p>
      </td>
      <td className={cellClass}>
        <p className="line-clamp-2 max-w-56 text-gray-600">{item.remark || "—"}</p>
      </td>
      <td className={cellClass}>{item.publishUser ? displayName(item.publishUser) : "—"}</td>
      <td className={`${cellClass} whitespace-nowrap text-[13px] text-gray-500`} suppressHydrationWarning>
        {formatDateTime(item.created)}
      </td>
      <td className={cellClass}>
        <div className="flex justify-end gap-1">
          <Link
            to={`/agent/${item.targetId}`}
            className={buttonClass("ghost", "sm")}
            aria-label={`查看「${item.name}」`}
          >
            查看
          </Link>
          <Link
            to={offShelfHref}
            preventScrollReset
            className={buttonClass("ghost", "sm", "text-danger-600")}
            aria-label={`下架「${item.name}」`}
          >
            下架
          </Link>
        </div>
      </td>
    </tr>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../components/error-view";
