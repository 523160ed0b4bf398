import { parseWithZod } from "@conform-to/zod/v4";
import { BellOff, CheckCheck } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { endpoints } from "#contract/api";
import { PageHeader } from "../components/page-header";
import { Avatar } from "../components/ui/avatar";
import { Badge } from "../components/ui/badge";
import { Button, buttonClass } from "../components/ui/button";
import { EmptyState } from "../components/ui/empty-state";
import { Tabs } from "../components/ui/tabs";
import { apiCall, type DataOf, tryApiCall } from "../lib/api-call.server";
import { displayName, formatRelative } from "../lib/format";
import { idField } from "../lib/forms";
import { notifyScopeLabels, readStatusLabels } from "../lib/labels";
import { pageTitle } from "../lib/meta";
import { redirectWithToast } from "../lib/toast.server";
import { choiceParam, pathOf, withParams } from "../lib/url";
import type { Route } from "./+types/notifications";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "消息通知");

type Message = DataOf<typeof endpoints.notify.messageList>[number];

const PAGE_SIZE = 20;
const statuses = ["Unread", "Read"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const status = choiceParam(url, "status", statuses);
  const before = Number(url.searchParams.get("before")) || undefined;
  const [messages, unread] = await Promise.all([
    apiCall(context, request, endpoints.notify.messageList, {
      body: { size: PAGE_SIZE, lastId: before, readStatus: status || "All" },
    }),
    apiCall(context, request, endpoints.notify.unreadCount),
  ]);
  return { messages, unread, status, before: before ?? null, hasMore: messages.length === PAGE_SIZE };
}

const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("read"), id: idField() }),
  z.object({ intent: z.literal("read-all") }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  const back = pathOf(request);
  if (submission.status !== "success") return redirectWithToast(context, back, { type: "error", message: "参数错误" });
  const res =
    submission.value.intent === "read"
      ? await tryApiCall(context, request, endpoints.notify.read, { body: [submission.value.id] })
      : await tryApiCall(context, request, endpoints.notify.unreadClear);
  if (!res.ok) return redirectWithToast(context, back, { type: "error", message: res.error.message });
  return redirectWithToast(context, back, {
    type: "success",
    message: submission.value.intent === "read" ? "已标记为已读" : "全部消息已标记为已读",
  });
}

export default function NotificationsPage({ loaderData }: Route.ComponentProps) {
  const { messages, unread, status, before, hasMore } = loaderData;
  const busy = useNavigation().state === "submitting";
  const tabs = (["All", ...statuses] as const).map((key) => ({
    key,
    label: key === "Unread" && unread ? `未读 ${unread}` : readStatusLabels[key],
    to: withParams("/notifications", { status: key === "All" ? null : key }),
  }));
  return (
    <main className="flex flex-1 flex-col gap-5 overflow-y-auto p-4 md:p-8">
      <PageHeader
        title="消息通知"
        description={unread ? `${unread} 条未读消息` : "没有未读消息"}
        actions={
          unread ? (
            <Form method="post">
              <input type="hidden" name="intent" value="read-all" />
              <Button type="submit" variant="secondary" loading={busy}>
                <CheckCheck className="size-4" aria-hidden />
                全部已读
              </Button>
            </Form>
          ) : null
        }
      />
      <div className="max-w-xs">
        <Tabs items={tabs} active={status || "All"} label="消息筛选" />
      </div>
      {messages.length === 0 ? (
        <EmptyState
          icon={BellOff}
          title={before ? "没有更早的消息了" : status === "Unread" ? "没有未读消息" : "还没有消息"}
          description="发布审核结果、管理员通知等消息会出现在这里。"
        />
      ) : (
        <ul className="flex max-w-3xl flex-col divide-y divide-gray-100 rounded-card border border-gray-200 bg-white">
          {messages.map((m) => (
            <MessageItem key={m.id} message={m} />
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        {before ? (
          <Link to={withParams("/notifications", { status })} className={buttonClass("secondary", "sm")}>
            回到最新
          </Link>
        ) : null}
        {hasMore ? (
          <Link
            to={withParams("/notifications", { status, before: messages.at(-1)?.id })}
            className={buttonClass("secondary", "sm")}
          >
            更早的消息
          </Link>
        ) : null}
      </div>
    </main>
  );
}

function MessageItem({ message }: { message: Message }) {
  const unread = message.readStatus === "Unread";
  const sender = message.sender ? displayName(message.sender) : "系统";
  return (
    <li className="flex gap-3 px-4 py-3" aria-label={unread ? "未读消息" : "已读消息"}>
      <Avatar name={sender} src={message.sender?.avatar} size="sm" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2 text-[13px] text-gray-500">
          <span className="font-medium text-gray-800">{sender}</span>
          <Badge tone={message.scope === "System" ? "primary" : "neutral"}>{notifyScopeLabels[message.scope]}</Badge>
          <time dateTime={message.created} suppressHydrationWarning>
            {formatRelative(message.created)}
          </time>
          {unread ? <span className="size-2 rounded-full bg-danger-600" title="未读" /> : null}
        </div>
        <p className={unread ? "whitespace-pre-wrap text-gray-900" : "whitespace-pre-wrap text-gray-600"}>
          {message.content}
        </p>
      </div>
      {unread ? (
        <Form method="post" className="shrink-0 self-center">
          <input type="hidden" name="intent" value="read" />
          <input type="hidden" name="id" value={message.id} />
          <Button type="submit" variant="ghost" size="sm">
            已读
          </Button>
        </Form>
      ) : null}
    </li>
  );
}
