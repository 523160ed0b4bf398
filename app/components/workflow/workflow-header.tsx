import { ArrowLeft, History, Send } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { AgentIcon } from "#app/components/agent/agent-icon";
import { PublishStatusBadge } from "#app/components/agent/publish-status-badge";
import { Badge } from "#app/components/ui/badge";
import { buttonClass } from "#app/components/ui/button";
import type { WorkflowDetail } from "#contract/api/workflow";

export const workflowPath = (w: { id: number; spaceId: number }) => `/space/${w.spaceId}/workflow/${w.id}`;

interface WorkflowHeaderProps {
  workflow: WorkflowDetail;
  historyHref: string;
  /** The autosave state (with JavaScript). */
  status?: ReactNode;
  /** Commands before 历史 and 发布 (undo/redo, 试运行). */
  children?: ReactNode;
  /** With JavaScript 发布 checks the graph first; without, it is a link to the publish page (which checks too). */
  publish?: ReactNode;
}

/** Back to the library, the workflow's name and state, and its commands. */
export function WorkflowHeader({ workflow, historyHref, status, children, publish }: WorkflowHeaderProps) {
  const publishHref = `${workflowPath(workflow)}/publish`;
  return (
    <header className="flex flex-wrap items-center gap-2 border-gray-200 border-b bg-white px-4 py-2">
      <Link
        to={`/space/${workflow.spaceId}/library?type=Workflow`}
        className={buttonClass("ghost", "sm")}
        aria-label="返回组件库"
        title="返回组件库"
      >
        <ArrowLeft className="size-4" aria-hidden />
      </Link>
      <AgentIcon name={workflow.name} icon={workflow.icon} size="sm" />
      <div className="flex min-w-0 flex-1 basis-48 flex-col">
        <h1 className="truncate font-semibold text-base">{workflow.name}</h1>
        <p className="flex items-center gap-2 text-[13px] text-gray-500">
          <Badge tone="primary">工作流</Badge>
          <span className="truncate">{workflow.description || "暂无描述"}</span>
          {status}
        </p>
      </div>
      <PublishStatusBadge status={workflow.publishStatus} />
      {workflow.publishDate && workflow.publishDate < workflow.modified ? (
        <Badge tone="warning">有更新未发布</Badge>
      ) : null}
      {children}
      <Link to={historyHref} preventScrollReset className={buttonClass("secondary", "sm")}>
        <History className="size-4" aria-hidden />
        历史
      </Link>
      {publish ??
        (workflow.permissions.includes("Publish") ? (
          <Link to={publishHref} className={buttonClass("primary", "sm")}>
            <Send className="size-4" aria-hidden />
            发布
          </Link>
        ) : null)}
    </header>
  );
}
