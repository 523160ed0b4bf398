import { ArchiveX } from "lucide-react";
import { Link } from "react-router";
import { displayName, formatDateTime } from "#app/lib/format";
import { publishScopeLabels } from "#app/lib/labels";
import { PublishStatusBadge } from "../agent/publish-status-badge";
import { type CategoryTree, categoriesOf } from "../square/types";
import { buttonClass } from "../ui/button";
import type { PublishItem } from "./schemas";

interface PublishRecordsProps {
  items: PublishItem[];
  /** The API's category tree; every kind offers the same categories, so the form reads one branch. */
  categories: CategoryTree;
  canPublish: boolean;
  /** The link that opens the 下架 confirmation for a live publication. */
  offShelfHref: (publishId: number) => string;
}

/** Where the agent is live, and any application still waiting or refused (with the auditor's reason). */
export function PublishRecords({ items, categories, canPublish, offShelfHref }: PublishRecordsProps) {
  if (!items.length) return <p className="text-gray-500">还没有发布记录。发布后，这里会显示发布范围和审核状态。</p>;
  const categoryLabel = (key: string) => categoriesOf(categories).find((c) => c.key === key)?.label ?? key;
  return (
    <table className="w-full border-collapse text-left">
      <thead className="border-gray-200 border-b text-gray-500">
        <tr>
          <th className="py-2 font-normal">范围</th>
          <th className="py-2 font-normal">分类</th>
          <th className="py-2 font-normal">状态</th>
          <th className="py-2 font-normal">说明</th>
          <th className="py-2 font-normal">时间</th>
          <th className="py-2 text-right font-normal">操作</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr
            key={item.publishId ?? `apply-${item.scope}-${item.spaceId ?? ""}`}
            className="border-gray-100 border-b align-top"
          >
            <td className="py-2.5">{publishScopeLabels[item.scope]}</td>
            <td className="py-2.5">{categoryLabel(item.category)}</td>
            <td className="py-2.5">
              <PublishStatusBadge status={item.publishStatus} />
              {item.publishStatus === "Rejected" && item.reason ? (
                <p className="mt-1 text-[13px] text-danger-700">拒绝原因：{item.reason}</p>
              ) : null}
              {item.allowCopy === 1 ? <p className="mt-1 text-[13px] text-gray-500">允许复制</p> : null}
            </td>
            <td className="max-w-xs py-2.5 text-gray-600">
              <p className="line-clamp-3 whitespace-pre-wrap">{item.description || "—"}</p>
            </td>
            <td className="py-2.5 text-[13px] text-gray-500">
              <span suppressHydrationWarning>{formatDateTime(item.publishDate)}</span>
              {item.publishUser ? <p>{displayName(item.publishUser)}</p> : null}
            </td>
            <td className="py-2.5 text-right">
              {item.publishId !== null && canPublish ? (
                <Link
                  to={offShelfHref(item.publishId)}
                  preventScrollReset
                  className={buttonClass("ghost", "sm", "text-danger-600")}
                >
                  <ArchiveX className="size-4" aria-hidden />
                  下架
                </Link>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
