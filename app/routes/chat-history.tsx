import { History, MessageSquarePlus } from "lucide-react";
import { Link } from "react-router";
import { DeleteConversation, HistoryList } from "../components/home/conversation-history";
import { PageHeader } from "../components/page-header";
import { buttonClass } from "../components/ui/button";
import { EmptyState } from "../components/ui/empty-state";
import { RowListSkeleton } from "../components/ui/skeleton";
import { StreamedList, streamServerData } from "../components/ui/skeleton-list";
import { pageTitle } from "../lib/meta";
import type { Route } from "./+types/chat-history";
import { deleteConversationAction, deleteTarget, historyPage, withoutDelete } from "./chat-history.server";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "历史会话");

const PAGE_SIZE = 20;

/** The whole history, a page at a time: `?lastId=` continues after the last conversation shown. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lastId = Number(url.searchParams.get("lastId")) || null;
  // One more than a page tells whether there is a next one.
  const rows = await historyPage(context, request, PAGE_SIZE + 1, lastId);
  const items = rows.slice(0, PAGE_SIZE);
  return {
    items,
    next: rows.length > PAGE_SIZE ? items.at(-1)!.id : null,
    paged: lastId !== null,
    deleting: deleteTarget(url, items),
    back: withoutDelete(url),
  };
}

/** With JavaScript the conversations load after the page shows (a skeleton in their place); see StreamedList. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return streamServerData(serverLoader);
}

export async function action({ request, context }: Route.ActionArgs) {
  return deleteConversationAction(context, request, await request.formData());
}

export default function HistoryPage({ loaderData }: Route.ComponentProps) {
  return (
    <main className="min-w-0 flex-1 overflow-y-auto">
      <div className="mx-auto flex max-w-3xl flex-col gap-4 p-8">
        <PageHeader title="历史会话" description="和所有智能体的会话，最近的在前" />
        <StreamedList data={loaderData} skeleton={<RowListSkeleton count={8} label="正在加载历史会话" />}>
          {(data) => <HistoryPageList data={data} />}
        </StreamedList>
      </div>
    </main>
  );
}

/** One page of conversations, once loaded, with the delete confirmation and the paging links. */
function HistoryPageList({ data }: { data: Awaited<ReturnType<typeof loader>> }) {
  const { items, next, paged, deleting, back } = data;
  const deleteHref = (id: number) => {
    const url = new URL(back, "http://relative.invalid");
    url.searchParams.set("delete", String(id));
    return url.pathname + url.search;
  };
  return (
    <>
      <DeleteConversation conversation={deleting} cancelTo={back} />
      {items.length ? (
        <HistoryList items={items} deleteHref={deleteHref} wide />
      ) : (
        <EmptyState
          icon={History}
          title={paged ? "没有更早的会话了" : "还没有历史会话"}
          description="在首页或智能体详情页发出第一条消息，会话就会出现在这里。"
          action={
            <Link to="/" className={buttonClass("primary")}>
              <MessageSquarePlus className="size-4" aria-hidden />
              新建会话
            </Link>
          }
        />
      )}
      <nav aria-label="翻页" className="flex justify-between">
        {paged ? (
          <Link to="/home/history" className={buttonClass("secondary")}>
            回到最新
          </Link>
        ) : (
          <span />
        )}
        {next ? (
          <Link to={`/home/history?lastId=${next}`} className={buttonClass("secondary")}>
            更早的会话
          </Link>
        ) : null}
      </nav>
    </>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../components/error-view";
