import { clsx } from "clsx";
import { ArrowLeft, ScrollText } from "lucide-react";
import { Link } from "react-router";
import { endpoints } from "#contract/api";
import type { LogConversationDto } from "#contract/api/agent-export";
import type { MessageDto } from "#contract/api/conversation";
import { AgentIcon } from "../components/agent/agent-icon";
import { EmptyState } from "../components/ui/empty-state";
import { Pagination } from "../components/ui/pagination";
import { apiCall } from "../lib/api-call.server";
import { displayName, formatDateTime } from "../lib/format";
import { pageTitle } from "../lib/meta";
import { agentIdParam, spaceIdParam } from "../lib/url";
import type { Route } from "./+types/agent-log";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageTitle(matches, loaderData ? `日志 · ${loaderData.agent.name}` : "日志");

const PAGE_SIZE = 20;

/** 日志: every user's conversations with the agent (for its developers), `?c=` opens one, `?page=` pages. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const spaceId = spaceIdParam(params.spaceId);
  const agentId = agentIdParam(params.agentId);
  const url = new URL(request.url);
  const current = Math.max(1, Number(url.searchParams.get("page")) || 1);
  const selected = Number(url.searchParams.get("c")) || null;
  const [agent, page, messages] = await Promise.all([
    apiCall(context, request, endpoints.agent.get, { params: { agentId } }),
    apiCall(context, request, endpoints.agentExport.logConversations, {
      params: { agentId },
      body: { current, pageSize: PAGE_SIZE },
    }),
    selected
      ? apiCall(context, request, endpoints.agentExport.logMessages, {
          params: { agentId, conversationId: selected },
          body: { current: 1, pageSize: 100 },
        })
      : null,
  ]);
  return { spaceId, agent: { id: agent.id, name: agent.name, icon: agent.icon }, page, selected, messages };
}

export default function AgentLogPage({ loaderData }: Route.ComponentProps) {
  const { spaceId, agent, page, selected, messages } = loaderData;
  const base = `/space/${spaceId}/agent/${agent.id}/log`;
  const href = (p: number, c?: number | null) => {
    const q = new URLSearchParams();
    if (p > 1) q.set("page", String(p));
    if (c) q.set("c", String(c));
    const s = q.toString();
    return s ? `${base}?${s}` : base;
  };
  return (
    <main className="min-w-0 flex-1 overflow-y-auto">
      <div className="mx-auto flex max-w-6xl flex-col gap-5 p-8">
        <header className="flex items-center gap-3">
          <Link to={`/space/${spaceId}/develop`} aria-label="返回智能体开发" className="rounded p-1 hover:bg-gray-100">
            <ArrowLeft className="size-4" aria-hidden />
          </Link>
          <AgentIcon name={agent.name} icon={agent.icon} size="sm" />
          <div className="min-w-0">
            <h1 className="truncate font-semibold text-lg">{agent.name} · 日志</h1>
            <p className="text-gray-500 text-xs">所有用户与该智能体的会话（不含编辑页的调试会话），只有开发者可见。</p>
          </div>
        </header>
        {page.records.length === 0 ? (
          <EmptyState
            icon={ScrollText}
            title="还没有会话记录"
            description="有人和这个智能体对话后，会话会出现在这里。"
          />
        ) : (
          <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <section aria-label="会话列表" className="flex flex-col gap-3">
              <ul className="flex flex-col gap-1">
                {page.records.map((c) => (
                  <LogRow key={c.id} row={c} active={c.id === selected} to={href(page.current, c.id)} />
                ))}
              </ul>
              <Pagination current={page.current} pages={page.pages} total={page.total} hrefFor={(n) => href(n, null)} />
            </section>
            <section aria-label="会话内容" className="rounded-card border border-gray-200 bg-white p-4">
              {messages ? (
                <MessageLog messages={messages.records} total={messages.total} />
              ) : (
                <p className="text-gray-500">选择左侧的一个会话查看消息。</p>
              )}
            </section>
          </div>
        )}
      </div>
    </main>
  );
}

function LogRow({ row, active, to }: { row: LogConversationDto; active: boolean; to: string }) {
  const who = row.user ? displayName(row.user) : "未知用户";
  return (
    <li>
      <Link
        to={to}
        preventScrollReset
        aria-current={active ? "true" : undefined}
        className={clsx(
          "flex flex-col gap-0.5 rounded-md border px-3 py-2",
          active ? "border-primary-300 bg-primary-50" : "border-gray-200 bg-white hover:bg-gray-50",
        )}
      >
        <span className="flex items-center gap-2 text-[13px] text-gray-500">
          <span className="truncate font-medium text-gray-800">{who}</span>
          {row.viaTempLink ? <span className="rounded bg-gray-100 px-1.5 text-xs">临时会话</span> : null}
          <span className="ml-auto shrink-0">{formatDateTime(row.modified)}</span>
        </span>
        <span className="truncate" title={row.firstMessage}>
          {row.topic || row.firstMessage || "（无文字消息）"}
        </span>
        <span className="text-gray-400 text-xs">{row.messageCount} 条消息</span>
      </Link>
    </li>
  );
}

function MessageLog({ messages, total }: { messages: MessageDto[]; total: number }) {
  return (
    <ol className="flex flex-col gap-3">
      {messages.map((m) => (
        <li key={m.id} className="flex flex-col gap-1">
          <span className="text-gray-500 text-xs">
            {m.role === "USER" ? "用户" : "智能体"} · {formatDateTime(m.time)}
            {m.status !== "complete" ? ` · ${m.status === "error" ? "出错" : "未完成"}` : null}
          </span>
          <p
            className={clsx(
              "whitespace-pre-wrap break-words rounded-md px-3 py-2",
              m.role === "USER" ? "bg-primary-50" : "bg-gray-50",
            )}
          >
            {m.text || (m.attachments.length ? `附件：${m.attachments.map((a) => a.fileName).join("、")}` : "（空）")}
          </p>
        </li>
      ))}
      {total > messages.length ? <li className="text-gray-500 text-xs">只显示前 {messages.length} 条</li> : null}
    </ol>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../components/error-view";
