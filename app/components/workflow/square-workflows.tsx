import { Search, Workflow } from "lucide-react";
import { Form, Link, useLocation } from "react-router";
import { AgentIcon } from "#app/components/agent/agent-icon";
import { FavouriteFilter } from "#app/components/favourite/favourite-filter";
import { FAVOURITE_ACTION, FavouriteToggle } from "#app/components/favourite/favourite-toggle";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { EmptyState } from "#app/components/ui/empty-state";
import { Input } from "#app/components/ui/input";
import { ListPagination } from "#app/components/ui/pagination";
import { displayName } from "#app/lib/format";
import { withParams } from "#app/lib/url";
import type { loadSquareWorkflows } from "#app/routes/workflow-square.server";

type SquareWorkflows = Awaited<ReturnType<typeof loadSquareWorkflows>>;

/** A published workflow's square page (its parameters and 复制为模板). */
export const squareWorkflowPath = (workflowId: number) => `/square/publish/workflow/${workflowId}`;

/** The square's workflow tab: search, 全部 | 我的收藏, cards with publisher, copy badge and 收藏, page links. */
export function SquareWorkflowList({ list, kw, collect }: SquareWorkflows) {
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex flex-wrap items-center gap-4">
          <h1 className="font-semibold text-xl">工作流</h1>
          <FavouriteFilter kind="Workflow" active={collect} />
        </div>
        <Form method="get" role="search" className="flex w-full max-w-sm gap-2">
          <input type="hidden" name="cate_type" value="Workflow" />
          {collect ? <input type="hidden" name="collect" value="1" /> : null}
          <Input
            type="search"
            name="kw"
            defaultValue={kw}
            maxLength={64}
            placeholder="搜索工作流"
            aria-label="搜索工作流"
          />
          <Button type="submit" variant="secondary" aria-label="搜索">
            <Search className="size-4" aria-hidden />
          </Button>
        </Form>
      </div>
      {list.records.length === 0 ? (
        <EmptyState
          icon={Workflow}
          title="暂无数据"
          description={
            collect
              ? "还没有收藏的工作流。在「全部」中点卡片上的收藏，智能体编辑时就能直接添加。"
              : "还没有发布到广场的工作流，换个关键词试试。"
          }
        />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {list.records.map((w) => (
            <li
              key={w.id}
              className="flex h-full flex-col gap-2 rounded-card border border-gray-200 bg-white p-4 hover:border-primary-200"
            >
              <Link to={squareWorkflowPath(w.targetId)} aria-label={w.name} className="flex flex-1 flex-col gap-3">
                <div className="flex items-start gap-3">
                  <AgentIcon name={w.name} icon={w.icon} />
                  <div className="min-w-0 flex-1">
                    <h2 className="truncate font-medium">{w.name}</h2>
                    <p className="flex flex-wrap items-center gap-1.5 text-[13px] text-gray-500">
                      <Badge tone="primary">工作流</Badge>
                      {w.allowCopy === 1 ? <Badge tone="success">可复制</Badge> : null}
                      {w.publishUser ? <span>{displayName(w.publishUser)}</span> : null}
                    </p>
                  </div>
                </div>
                <p className="line-clamp-2 flex-1 text-[13px] text-gray-600">{w.description || "暂无描述"}</p>
              </Link>
              <div className="flex justify-end">
                <FavouriteToggle
                  id={`Workflow-${w.targetId}`}
                  name={w.name}
                  collected={w.collect}
                  action={FAVOURITE_ACTION}
                  fields={{ kind: "Workflow", targetId: w.targetId, redirectTo: here }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      <ListPagination list={list} hrefFor={(page) => withParams(here, { page: page === 1 ? null : page })} />
    </>
  );
}
