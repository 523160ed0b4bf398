import { parseWithZod } from "@conform-to/zod/v4";
import { Send } from "lucide-react";
import { Form, Link, useNavigation, useRouteLoaderData } from "react-router";
import { z } from "zod";
import { endpoints } from "#contract/api";
import type { ConversationListItemDto } from "#contract/api/conversation";
import { DeleteConversation, HistoryList } from "../components/home/conversation-history";
import { HomeAgentList } from "../components/home/home-agent-list";
import { PanelDrawer } from "../components/layout/panel-drawer";
import { Button } from "../components/ui/button";
import { FormErrors } from "../components/ui/field";
import { Textarea } from "../components/ui/textarea";
import { apiCall } from "../lib/api-call.server";
import { useCurrentUser } from "../lib/current-user";
import { displayName } from "../lib/format";
import { startChat } from "../lib/start-chat.server";
import type { loader as rootLoader } from "../root";
import type { Route } from "./+types/home";
import { deleteConversationAction, deleteTarget, historyPage } from "./chat-history.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const [home, history] = await Promise.all([
    apiCall(context, request, endpoints.agent.home),
    historyPage(context, request, HISTORY_LIMIT),
  ]);
  const list = (type: keyof typeof home.categoryItems) => home.categoryItems[type] ?? [];
  return {
    used: list("Recently_Used"),
    edited: list("Recently_Edited"),
    collected: list("Collected"),
    history,
    deleting: deleteTarget(url, history),
  };
}

/** The panel shows the last 20 conversations (as the original's sidebar); 更多 opens the paged list. */
const HISTORY_LIMIT = 20;

const chatSchema = z.object({
  message: z.string({ error: "请输入消息" }).trim().min(1, "请输入消息").max(20_000, "最多 20000 个字符"),
});

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") === "deleteConversation") return deleteConversationAction(context, request, form);
  const submission = parseWithZod(form, { schema: chatSchema });
  if (submission.status !== "success") return { error: submission.error?.message?.[0] ?? "请输入消息" };
  const tenant = await apiCall(context, request, endpoints.tenant.config);
  if (!tenant.defaultAgentId) return { error: "管理员还没有设置默认智能体，可以先去广场挑一个智能体对话。" };
  const started = await startChat(context, request, tenant.defaultAgentId, submission.value.message);
  return started instanceof Response ? started : { error: started.message };
}

/** Replaces {{USER_NAME}} in the tenant's slogan; the result is shown as text, never as HTML. */
function greeting(slogan: string, userName: string) {
  return slogan.replaceAll("{{USER_NAME}}", userName);
}

export default function HomePage({ loaderData, actionData }: Route.ComponentProps) {
  const user = useCurrentUser();
  const tenant = useRouteLoaderData<typeof rootLoader>("root")?.tenant;
  const slogan = tenant?.homeSlogan || "Hi {{USER_NAME}}";
  const navigation = useNavigation();
  const sending =
    navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formData?.has("message") === true;
  return (
    <>
      <HomeHistory items={loaderData.history} deleting={loaderData.deleting} />
      <main className="min-w-0 flex-1 overflow-y-auto">
        <div className="mx-auto flex max-w-4xl flex-col gap-8 px-8 py-12">
          <div className="flex flex-col items-center gap-3">
            <h1 className="text-center font-semibold text-3xl text-gray-900">{greeting(slogan, displayName(user))}</h1>
            {tenant?.siteDescription ? <p className="text-gray-500">{tenant.siteDescription}</p> : null}
          </div>
          {tenant?.defaultAgentId ? (
            <Form method="post" className="flex flex-col gap-2">
              <FormErrors errors={actionData?.error ? [actionData.error] : undefined} />
              <div className="flex items-end gap-2 rounded-card border border-gray-300 bg-white p-2 focus-within:border-primary-500">
                <Textarea
                  name="message"
                  rows={2}
                  required
                  maxLength={20_000}
                  aria-label="消息"
                  placeholder="有什么想问的？Enter 发送，Shift+Enter 换行"
                  className="resize-none border-0 focus:outline-none focus-visible:outline-0"
                  onKeyDown={(event) => {
                    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
                      event.preventDefault();
                      event.currentTarget.form?.requestSubmit();
                    }
                  }}
                />
                <Button type="submit" aria-label="发送" loading={sending}>
                  <Send className="size-4" aria-hidden />
                </Button>
              </div>
            </Form>
          ) : (
            <p className="rounded-card border border-gray-200 bg-white px-4 py-3 text-center text-gray-600">
              管理员还没有设置默认智能体，首页暂时不能直接对话。可以去
              <Link to="/square" className="text-primary-700 hover:underline">
                广场
              </Link>
              挑一个智能体开始对话。
            </p>
          )}
          <HomeAgentList title="最近使用" items={loaderData.used} empty="还没有和智能体对话过，去广场找一个开始吧。" />
          <HomeAgentList
            title="最近编辑"
            items={loaderData.edited}
            empty="还没有编辑过智能体，在工作空间里创建一个吧。"
          />
          <HomeAgentList
            title="我的收藏"
            items={loaderData.collected}
            empty="还没有收藏智能体，在智能体详情页点「收藏」即可。"
          />
        </div>
      </main>
    </>
  );
}

/** The home page's second panel: conversations across agents, 更多 for the rest, delete with a confirmation. */
function HomeHistory({
  items,
  deleting,
}: {
  items: ConversationListItemDto[];
  deleting: ConversationListItemDto | null;
}) {
  return (
    <PanelDrawer label="历史会话">
      <aside
        aria-label="历史会话"
        className="flex h-full w-60 shrink-0 flex-col gap-2 border-gray-200 border-r bg-white p-3"
      >
        <div className="flex items-center justify-between px-1">
          <h2 className="font-semibold text-gray-700 text-sm">历史会话</h2>
          <Link to="/home/history" className="text-primary-700 text-xs hover:underline">
            更多
          </Link>
        </div>
        <DeleteConversation conversation={deleting} cancelTo="/" />
        {items.length ? (
          <div className="min-h-0 flex-1 overflow-y-auto">
            <HistoryList items={items} deleteHref={(id) => `/?delete=${id}`} />
          </div>
        ) : (
          <p className="px-1 text-gray-400 text-[13px]">还没有历史会话，在右边发出第一条消息吧。</p>
        )}
      </aside>
    </PanelDrawer>
  );
}
