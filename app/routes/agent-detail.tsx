import { parseWithZod } from "@conform-to/zod/v4";
import { Heart, MessageSquare, Star } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { endpoints } from "#contract/api";
import { AgentFigures } from "../components/agent/agent-figures";
import { AgentIcon } from "../components/agent/agent-icon";
import { CopyToSpace } from "../components/publish/copy-to-space";
import { Button } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { FormErrors } from "../components/ui/field";
import { apiCall, tryApiCall } from "../lib/api-call.server";
import { displayName } from "../lib/format";
import { pageTitle } from "../lib/meta";
import { listSpaces } from "../lib/space.server";
import { startChat } from "../lib/start-chat.server";
import { redirectWithToast } from "../lib/toast.server";
import { agentIdParam } from "../lib/url";
import type { Route } from "./+types/agent-detail";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageTitle(matches, loaderData?.agent.name ?? "智能体详情");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const agentId = agentIdParam(params.agentId);
  const agent = await apiCall(context, request, endpoints.agent.detail, { params: { agentId } });
  // Only agents published with 允许复制 offer 复制到空间, which needs the user's spaces.
  return { agent, spaces: agent.allowCopy === 1 ? await listSpaces(context, request) : [] };
}

const detailSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("start"), message: z.string().trim().max(200).optional() }),
  z.object({ intent: z.enum(["collect", "unCollect", "like", "unLike"]) }),
]);

const toggleToasts = { collect: "已收藏", unCollect: "已取消收藏", like: "已点赞", unLike: "已取消点赞" } as const;

export async function action({ request, context, params }: Route.ActionArgs) {
  const agentId = agentIdParam(params.agentId);
  const submission = parseWithZod(await request.formData(), { schema: detailSchema });
  if (submission.status !== "success") return { error: "参数错误" };
  const value = submission.value;
  if (value.intent === "start") {
    const started = await startChat(context, request, agentId, value.message);
    return started instanceof Response ? started : { error: started.message };
  }
  const res = await tryApiCall(context, request, endpoints.agent[value.intent], { params: { id: agentId } });
  if (!res.ok) return { error: res.error.message };
  const url = new URL(request.url);
  return redirectWithToast(context, url.pathname, { type: "success", message: toggleToasts[value.intent] });
}

/** A published agent as chat users see it: who made it, how it opens, its figures; favourite, like, chat. */
export default function AgentDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { agent, spaces } = loaderData;
  const busy = useNavigation().formData?.get("intent");
  const questions = agent.guidQuestionDtos.filter((q) => q.type === "Question");
  return (
    <main className="min-w-0 flex-1 overflow-y-auto">
      <div className="mx-auto flex max-w-3xl flex-col gap-5 p-8">
        <header className="flex flex-wrap items-start gap-4">
          <AgentIcon name={agent.name} icon={agent.icon} size="lg" />
          <div className="min-w-0 flex-1">
            <h1 className="font-semibold text-xl">{agent.name}</h1>
            <p className="text-gray-500">{agent.publishUser ? `由 ${displayName(agent.publishUser)} 创建` : null}</p>
            <p className="mt-2 whitespace-pre-wrap text-gray-700">{agent.description || "暂无描述"}</p>
          </div>
        </header>
        <FormErrors errors={actionData?.error ? [actionData.error] : undefined} />
        <div className="flex flex-wrap gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value="start" />
            <Button type="submit" loading={busy === "start"}>
              <MessageSquare className="size-4" aria-hidden />
              开始对话
            </Button>
          </Form>
          <Form method="post">
            <Button
              type="submit"
              name="intent"
              value={agent.collect ? "unCollect" : "collect"}
              variant="secondary"
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
        {agent.openingChatMsg || questions.length ? (
          <Card title="开场白">
            {agent.openingChatMsg ? (
              <p className="mb-3 whitespace-pre-wrap rounded-card bg-gray-50 px-4 py-3">{agent.openingChatMsg}</p>
            ) : null}
            {questions.length ? (
              <div className="flex flex-wrap gap-2">
                {questions.map((q) => (
                  // Each opening question starts a conversation with that question as the first message.
                  <Form method="post" key={q.info}>
                    <input type="hidden" name="intent" value="start" />
                    <input type="hidden" name="message" value={q.info} />
                    <button
                      type="submit"
                      className="rounded-full border border-gray-200 bg-white px-3 py-1 text-[13px] hover:border-primary-500 hover:text-primary-700"
                    >
                      {q.info}
                    </button>
                  </Form>
                ))}
              </div>
            ) : null}
          </Card>
        ) : null}
      </div>
    </main>
  );
}
