import { Form, Link } from "react-router";
import { endpoints } from "#contract/api";
import { PageHeader } from "../components/page-header";
import type { ApplyRecord, AuditReply } from "../components/system/audit-schemas";
import { AuditStatusBadge } from "../components/system/audit-status-badge";
import { FilterForm } from "../components/system/filter-form";
import { ReasonConfirm } from "../components/system/reason-confirm";
import { Button, buttonClass } from "../components/ui/button";
import { Pagination } from "../components/ui/pagination";
import { cellClass, Table } from "../components/ui/table";
import { apiCall } from "../lib/api-call.server";
import { displayName, formatDateTime } from "../lib/format";
import { auditStatusLabels, publishScopeLabels, publishTargetLabels } from "../lib/labels";
import { pageTitle } from "../lib/meta";
import { choiceParam, pageParam, pathOf, textParam, withParams } from "../lib/url";
import type { Route } from "./+types/system-publish-audit";
import { auditAction } from "./system-audit.server";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "发布审核");

const PAGE_SIZE = 10;
const types = ["Agent"] as const;
const statuses = ["Applying", "Published", "Rejected"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const type = choiceParam(url, "type", types);
  const status = choiceParam(url, "status", statuses);
  const kw = textParam(url, "kw");
  const page = await apiCall(context, request, endpoints.publish.applyList, {
    body: {
      pageNo: pageParam(url),
      pageSize: PAGE_SIZE,
      queryFilter: { targetType: type || undefined, publishStatus: status || undefined, kw: kw || undefined },
    },
  });
  const rejectId = Number(url.searchParams.get("reject"));
  const rejecting = page.records.find((r) => r.id === rejectId && r.publishStatus === "Applying") ?? null;
  return { page, type, status, kw, rejecting, cleanUrl: pathOf(request, ["reject"]) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return auditAction(context, request, pathOf(request, ["reject"]));
}

export default function PublishAuditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page, type, status, kw, rejecting, cleanUrl } = loaderData;
  const reply = actionData as AuditReply | undefined;
  return (
    <>
      <PageHeader title="发布审核" description="审核用户提交的发布申请；通过后发布到广场，拒绝时请写明原因。" />
      {rejecting ? (
        <ReasonConfirm
          intent="reject"
          targetId={rejecting.id}
          title="拒绝发布申请"
          description={`拒绝「${rejecting.name}」的发布申请，原因会通知给申请人。`}
          submitLabel="确认拒绝"
          cancelTo={cleanUrl}
          reply={reply}
        />
      ) : null}
      <FilterForm
        selects={[
          { name: "type", label: "类型", value: type, options: [{ value: "", label: "全部" }, ...typeOptions] },
          {
            name: "status",
            label: "状态",
            value: status,
            options: [
              { value: "", label: "全部" },
              ...statuses.map((s) => ({ value: s, label: auditStatusLabels[s] })),
            ],
          },
        ]}
        kw={kw}
        kwPlaceholder="请输入智能体名称"
        resetTo="/system/publish/audit"
      />
      <Table
        label="发布申请"
        columns={[
          "发布名称",
          "类型",
          "描述",
          "备注",
          "发布者",
          "状态",
          "发布时间",
          { label: "操作", className: "text-right" },
        ]}
        empty={kw || type || status ? "没有符合条件的申请" : "暂无发布申请"}
      >
        {page.records.map((r) => (
          <ApplyRow key={r.id} apply={r} rejectHref={withParams(cleanUrl, { reject: r.id })} />
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

const typeOptions = types.map((t) => ({ value: t, label: publishTargetLabels[t] }));

function ApplyRow({ apply, rejectHref }: { apply: ApplyRecord; rejectHref: string }) {
  return (
    <tr>
      <td className={cellClass}>
        <p className="font-medium">{apply.name}</p>
        <p className="text-[13px] text-gray-500">发布到{publishScopeLabels[apply.scope]}</p>
      </td>
      <td className={cellClass}>{publishTargetLabels[apply.targetType]}</td>
      <td className={cellClass}>
        <p className="line-clamp-2 max-w-56 text-gray-600">{apply.description || "—"}</p>
      </td>
      <td className={cellClass}>
        <p className="line-clamp-2 max-w-56 text-gray-600">{apply.remark || "—"}</p>
      </td>
      <td className={cellClass}>{apply.applyUser ? displayName(apply.applyUser) : "—"}</td>
      <td className={cellClass}>
        <AuditStatusBadge status={apply.publishStatus} />
        {apply.publishStatus === "Rejected" && apply.reason ? (
          <p className="mt-1 max-w-48 text-[13px] text-gray-500">{apply.reason}</p>
        ) : null}
      </td>
      <td className={`${cellClass} whitespace-nowrap text-[13px] text-gray-500`} suppressHydrationWarning>
        {formatDateTime(apply.created)}
      </td>
      <td className={cellClass}>
        <div className="flex justify-end gap-1">
          {apply.publishStatus === "Applying" ? (
            <>
              <Form method="post">
                <input type="hidden" name="intent" value="approve" />
                <input type="hidden" name="applyId" value={apply.id} />
                <Button type="submit" size="sm" aria-label={`通过「${apply.name}」`}>
                  通过
                </Button>
              </Form>
              <Link
                to={rejectHref}
                preventScrollReset
                className={buttonClass("ghost", "sm", "text-danger-600")}
                aria-label={`拒绝「${apply.name}」`}
              >
                拒绝
              </Link>
            </>
          ) : null}
          <Link
            to={`/system/publish/audit/${apply.id}`}
            className={buttonClass("ghost", "sm")}
            aria-label={`查看「${apply.name}」`}
          >
            查看
          </Link>
        </div>
      </td>
    </tr>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../components/error-view";
