import { parseWithZod } from "@conform-to/zod/v4";
import { Heart, MessageSquare, Star } from "lucide-react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { endpoints } from "#contract/api";
import { AgentFigures } from "../components/agent/agent-figures";
import { AgentIcon } from "../components/agent/agent-icon";
import { ChatChips } from "../components/chat/chat-chips";
import { MessageView } from "../components/chat/message-view";
import { localMessage } from "../components/chat/types";
import { missingRequired, variableParamsFrom } from "../components/chat/variables";
import { VariablesForm } from "../components/chat/variables-form";
import { CopyToSpace } from "../components/publish/copy-to-space";
import { Button } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { FormErrors } from "../components/ui/field";
import { apiCall, tryApiCall } from "../lib/api-call.server";
import { displayName, formatRelative } from "../lib/format";
import { pageTitle } from "../lib/meta";
import { listSpaces } from "../lib/space.server";
import { redirectWithToast } from "../lib/toast.server";
import { agentIdParam } from "../lib/url";
import type { Route } from "./+types/agent-detail";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageTitle(matches, loaderData?.agent.name ?? "智能体详情");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const agentId = agentIdParam(params.agentId);
  const [agent, related] = await Promise.all([
    apiCall(context, request, endpoints.agent.detail, { params: { agentId } }),
    apiCall(context, request, endpoints.conversation.list, { body: { agentId, limit: 10 } }),
  ]);
  // Only agents published with 允许复制 offer 复制到空间, which needs the user's spaces.
  return { agent, related, spaces: agent.allowCopy === 1 ? await listSpaces(context, request) : [] };
}

const detailSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("start") }),
  z.object({ intent: z.enum(["collect", "unCollect", "like", "unLike"]) }),
]);

/**
 * 开始对话 from the start page: the variables are checked and kept with the new conversation, and the message
 * (typed, or a clicked opening question) rides along for the chat page to send.
 */
async function start(context: Route.ActionArgs["context"], request: Request, agentId: number, form: FormData) {
  const agent = await apiCall(context, request, endpoints.agent.detail, { params: { agentId } });
  const message = (String(form.get("chip") ?? "").trim() || String(form.get("message") ?? "").trim()).slice(0, 20_000);
  const variables = variableParamsFrom(form, agent.variables);
  const missing = message ? missingRequired(agent.variables, variables) : [];
  if (missing.length) return { error: `请填写必填参数：${missing.join("、")}` };
  const created = await tryApiCall(context, request, endpoints.conversation.create, {
    body: { agentId, devMode: false, variables: variables as Record<string, string> },
  });
  if (!created.ok) return { error: created.error.message };
  const query = message ? `?message=${encodeURIComponent(message)}` : "";
  return redirect(`/home/chat/${created.data.id}${query}`);
}

const toggleToasts = { collect: "已收藏", unCollect: "已取消收藏", like: "已点赞", unLike: "已取消点赞" } as const;

export async function action({ request, context, params }: Route.ActionArgs) {
  const agentId = agentIdParam(params.agentId);
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: detailSchema });
  if (submission.status !== "success") return { error: "参数错误" };
  const value = submission.value;
  if (value.intent === "start") return start(context, request, agentId, form);
  const res = await tryApiCall(context, request, endpoints.agent[value.intent], { params: { id: agentId } });
  if (!res.ok) return { error: res.error.message };
  const url = new URL(request.url);
  return redirectWithToast(context, url.pathname, { type: "success", message: toggleToasts[value.intent] });
}

/**
 * The agent's start page, as the original's /agent/:agentId: a chat-like column (opening message, opening
 * questions, the variables form and a message box that starts a conversation) beside the agent's card with
 * favourite, like, copy, figures and the caller's earlier conversations with it.
 */
export default function AgentDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { agent, spaces, related } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const opening = agent.openingChatMsg.trim()
    ? { ...localMessage("ASSISTANT", { text: agent.openingChatMsg, opening: true }), key: "opening" }
    : null;
  return (
    <main className="flex min-w-0 flex-1 flex-col overflow-y-auto lg:flex-row lg:overflow-hidden">
      <section aria-label="开始对话" className="flex min-w-0 flex-1 flex-col lg:overflow-y-auto">
        <header className="flex h-12 shrink-0 items-center gap-2 border-gray-200 border-b bg-white px-4">
          <AgentIcon name={agent.name} icon={agent.icon} size="sm" />
          <h1 className="min-w-0 truncate font-semibold" title={agent.name}>
            {agent.name}
          </h1>
        </header>
        <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-4 px-4 py-6">
          {opening ? <MessageView message={opening} /> : null}
          {!opening ? (
            <p className="text-center text-gray-500">{agent.description || "发一条消息，开始对话吧。"}</p>
          ) : null}
          <ChatChips
            formId="agent-start"
            suggestions={[]}
            guides={agent.guidQuestionDtos}
            disabled={busy === "start"}
          />
        </div>
        <Form id="agent-start" method="post" className="shrink-0 border-gray-200 border-t bg-gray-50 px-4 pt-3 pb-4">
          <input type="hidden" name="intent" value="start" />
          <VariablesForm variables={agent.variables} values={{}} />
          <div className="mx-auto flex w-full max-w-3xl flex-col gap-2">
            <FormErrors errors={actionData?.error ? [actionData.error] : undefined} />
            <div className="flex items-end gap-2 rounded-card border border-gray-300 bg-white p-2 focus-within:border-primary-500">
              <label htmlFor="agent-start-message" className="sr-only">
                输入消息
              </label>
              <textarea
                id="agent-start-message"
                name="message"
                rows={2}
                maxLength={20_000}
                placeholder={`和「${agent.name}」说点什么，Enter 发送`}
                className="w-full resize-none bg-transparent px-1.5 py-1 outline-none placeholder:text-gray-400"
                onKeyDown={(event) => {
                  if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
                    event.preventDefault();
                    event.currentTarget.form?.requestSubmit();
                  }
                }}
              />
              <Button type="submit" loading={busy === "start"}>
                <MessageSquare className="size-4" aria-hidden />
                开始对话
              </Button>
            </div>
          </div>
        </Form>
      </section>
      <aside
        aria-label="智能体信息"
        className="flex w-full shrink-0 flex-col gap-4 border-gray-200 border-t bg-white p-5 lg:w-80 lg:overflow-y-auto lg:border-t-0 lg:border-l"
      >
        <div className="flex items-start gap-3">
          <AgentIcon name={agent.name} icon={agent.icon} size="lg" />
          <div className="min-w-0">
            <p className="truncate font-semibold text-base">{agent.name}</p>
            <p className="text-gray-500 text-xs">
              {agent.publishUser ? `由 ${displayName(agent.publishUser)} 创建` : null}
            </p>
          </div>
        </div>
        <p className="whitespace-pre-wrap text-gray-700">{agent.description || "暂无描述"}</p>
        <div className="flex flex-wrap gap-2">
          <Form method="post">
            <Button
              type="submit"
              name="intent"
              value={agent.collect ? "unCollect" : "collect"}
              variant="secondary"
              size="sm"
              aria-pressed={agent.collect}
              loading={busy === "collect" || busy === "unCollect"}
            >
              <Star className={agent.collect ? "size-4 fill-warning-500 text-warning-500" : "size-4"} aria-hidden />
              {agent.collect ? "已收藏" : "收藏"}
            </Button>
          </Form>
          <Form method="post">
            <Button
              type="submit"
              name="intent"
              value={agent.liked ? "unLike" : "like"}
              variant="secondary"
              size="sm"
              aria-pressed={agent.liked}
              loading={busy === "like" || busy === "unLike"}
            >
              <Heart className={agent.liked ? "size-4 fill-danger-600 text-danger-600" : "size-4"} aria-hidden />
              {agent.liked ? "已点赞" : "点赞"}
            </Button>
          </Form>
          <CopyToSpace agentId={agent.agentId} allowCopy={agent.allowCopy} spaces={spaces} />
        </div>
        <Card title="使用情况">
          <AgentFigures statistics={agent.statistics} />
        </Card>
        <nav aria-label="相关会话" className="flex flex-col gap-1">
          <h2 className="font-semibold text-gray-700 text-sm">相关会话</h2>
          {related.length ? (
            <ul className="flex flex-col gap-0.5">
              {related.map((c) => (
                <li key={c.id}>
                  <Link
                    to={`/home/chat/${c.id}`}
                    className="flex flex-col rounded-md px-2 py-1.5 text-gray-700 hover:bg-gray-100"
                  >
                    <span className="truncate" title={c.topic || "新的会话"}>
                      {c.topic || "新的会话"}
                    </span>
                    <span className="text-gray-400 text-xs" suppressHydrationWarning>
                      {formatRelative(c.modified)}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-gray-400 text-[13px]">还没有和它的会话。</p>
          )}
        </nav>
      </aside>
    </main>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../components/error-view";
