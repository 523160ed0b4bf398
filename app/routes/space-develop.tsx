import { Bot, FileUp, Plus, SearchX } from "lucide-react";
import { useState } from "react";
import { Link, useRouteLoaderData, useSearchParams } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { endpoints } from "#contract/api";
import { AgentCard, agentCardAnchor, agentCardData, useAgentCardActions } from "../components/agent/agent-card";
import { type AgentMenuAction, agentCardIcons, agentMenuItems } from "../components/agent/agent-menu";
import { CreateAgentForm } from "../components/agent/create-agent-form";
import { DevelopDialog, type DevelopReply } from "../components/agent/develop-dialogs";
import { type DevelopQuery, developHref, readDevelopQuery } from "../components/agent/develop-query";
import { PageHeader } from "../components/page-header";
import { buttonClass } from "../components/ui/button";
import { Dialog, DialogContent } from "../components/ui/dialog";
import { EmptyState } from "../components/ui/empty-state";
import { SpriteSymbols } from "../components/ui/icon-sprite";
import { ListSearch } from "../components/ui/list-search";
import { LoadMore, useLoadMore } from "../components/ui/load-more";
import { CardGridSkeleton } from "../components/ui/skeleton";
import { StreamedList, streamServerData } from "../components/ui/skeleton-list";
import { Tabs } from "../components/ui/tabs";
import { apiCall, tryApiCall } from "../lib/api-call.server";
import { useCurrentSpace } from "../lib/current-space";
import { listCreatorLabels, listStatusLabels } from "../lib/labels";
import { pageTitle } from "../lib/meta";
import { spaceIdParam } from "../lib/url";
import type { Route } from "./+types/space-develop";
import { developAction, pageUrl } from "./space-develop.server";
import type { loader as spaceLoader } from "./space-layout";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "智能体开发");

const PAGE_SIZE = 24;

const dialogActions = new Set<string>(agentMenuItems.map((item) => item.action));

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const spaceId = spaceIdParam(params.spaceId);
  const url = new URL(request.url);
  const query = readDevelopQuery(url.searchParams);
  const dialogAgentId = Number(url.searchParams.get("agentId"));
  const dialog = url.searchParams.get("dialog");
  const [page, dialogAgent] = await Promise.all([
    apiCall(context, request, endpoints.agent.page, {
      body: {
        spaceId,
        status: query.status,
        creator: query.creator,
        kw: query.kw || undefined,
        current: query.page,
        pageSize: PAGE_SIZE,
      },
    }),
    // A dialog names its agent; one that is gone (or not visible) simply does not open.
    dialog && dialogActions.has(dialog) && dialogAgentId > 0
      ? tryApiCall(context, request, endpoints.agent.get, { params: { agentId: dialogAgentId } })
      : null,
  ]);
  const opened = dialogAgent?.ok ? { action: dialog as AgentMenuAction, agent: dialogAgent.data } : null;
  // The cards need a few of each agent's fields; the rest (prompts, components, statistics…) would only make the
  // page's data, encoded into the HTML, several times larger.
  const cards = { ...page, records: page.records.map(agentCardData) };
  return { query, page: cards, dialog: opened, cleanUrl: pageUrl(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return developAction(context, request);
}

/** With JavaScript the agents load after the page shows (a skeleton in their place); see StreamedList. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return streamServerData(serverLoader);
}

export default function DevelopPage({ loaderData, actionData }: Route.ComponentProps) {
  const space = useCurrentSpace();
  const [params] = useSearchParams();
  const query = readDevelopQuery(params);

  return (
    <div className="flex flex-col gap-5 p-4 md:p-8">
      <PageHeader
        title="智能体开发"
        description={space.name}
        actions={
          <>
            <Link to={`/space/${space.id}/develop/import`} className={buttonClass("secondary")}>
              <FileUp className="size-4" aria-hidden />
              导入配置
            </Link>
            <CreateAgentButton spaceId={space.id} />
          </>
        }
      />
      <DevelopFilters spaceId={space.id} query={query} />
      <StreamedList data={loaderData} skeleton={<CardGridSkeleton label="正在加载智能体" />}>
        {(data) => (
          <DevelopList
            key={developHref(space.id, data.query, { page: 1 })}
            data={data}
            reply={actionData as DevelopReply | undefined}
          />
        )}
      </StreamedList>
    </div>
  );
}

type DevelopData = Awaited<ReturnType<typeof loader>>;
const readPage = (data: DevelopData) => data.page;

/** The agents of the page (and the dialog a card opened), once they are loaded. */
function DevelopList({ data, reply }: { data: DevelopData; reply?: DevelopReply }) {
  const { query, page, dialog, cleanUrl } = data;
  const space = useCurrentSpace();
  const openMenu = Number(useSearchParams()[0].get("menu"));
  const more = useLoadMore(page, cleanUrl, readPage);
  const cardActions = useAgentCardActions();
  const spaces = useRouteLoaderData<typeof spaceLoader>("routes/space-layout")?.spaces ?? [];
  const moveTargets = spaces.filter(
    (s) => s.id !== space.id && !(s.allowDevelop === 0 && s.currentUserRole === "User"),
  );
  const filtered = query.status !== "All" || query.creator !== "All_Person" || query.kw !== "";
  // cleanUrl has no dialog parameters (pageUrl); each card's menu makes several of these, so no URL object each time.
  const paramsFrom = `${cleanUrl}${cleanUrl.includes("?") ? "&" : "?"}`;
  const dialogHref = (agentId: number) => (action: AgentMenuAction) =>
    `${paramsFrom}dialog=${action}&agentId=${agentId}`;
  const menuHref = (agentId: number) => `${paramsFrom}menu=${agentId}#${agentCardAnchor(agentId)}`;

  return (
    <>
      {dialog ? (
        <DevelopDialog
          action={dialog.action}
          agent={dialog.agent}
          cancelTo={cleanUrl}
          moveTargets={moveTargets}
          reply={reply}
        />
      ) : null}
      {more.records.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={SearchX}
            title="没有找到符合条件的智能体"
            description="换个关键词或筛选条件试试。"
            action={
              <Link
                to={developHref(space.id, query, { status: "All", creator: "All_Person", kw: "" })}
                className={buttonClass("secondary")}
              >
                清除筛选
              </Link>
            }
          />
        ) : (
          <EmptyState
            icon={Bot}
            title="还没有智能体"
            description="创建第一个吧：可以从空白开始，也可以从写作助手、客服助手等模板开始。"
            action={<CreateAgentButton spaceId={space.id} />}
          />
        )
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          <SpriteSymbols sprite={agentCardIcons} />
          {more.records.map((agent) => (
            <AgentCard
              key={agent.id}
              agent={agent}
              hrefFor={dialogHref(agent.id)}
              menuHref={menuHref(agent.id)}
              menuOpen={openMenu === agent.id}
              actions={cardActions}
            />
          ))}
        </div>
      )}
      <LoadMore first={page} here={cleanUrl} {...more} />
    </>
  );
}

/** Opens the create dialog with JavaScript; without it the link leads to the create page. */
function CreateAgentButton({ spaceId }: { spaceId: number }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Link
        to={`/space/${spaceId}/develop/new`}
        className={buttonClass("primary")}
        onClick={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        <Plus className="size-4" aria-hidden />
        创建智能体
      </Link>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title="创建智能体" description="选择一个模板开始，创建后进入编辑页继续配置。">
          <CreateAgentForm spaceId={spaceId} onCancel={() => setOpen(false)} />
        </DialogContent>
      </Dialog>
    </>
  );
}

/** Status tabs, creator tabs and the name search, all in the query string. */
function DevelopFilters({ spaceId, query }: { spaceId: number; query: DevelopQuery }) {
  const statusTabs = (Object.keys(listStatusLabels) as DevelopQuery["status"][]).map((status) => ({
    key: status,
    label: listStatusLabels[status],
    to: developHref(spaceId, query, { status }),
  }));
  const creatorTabs = (Object.keys(listCreatorLabels) as DevelopQuery["creator"][]).map((creator) => ({
    key: creator,
    label: listCreatorLabels[creator],
    to: developHref(spaceId, query, { creator }),
  }));
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div className="w-72">
        <Tabs items={statusTabs} active={query.status} label="发布状态" />
      </div>
      <div className="w-48">
        <Tabs items={creatorTabs} active={query.creator} label="创建者" />
      </div>
      <ListSearch
        keep={{
          status: query.status !== "All" ? query.status : null,
          creator: query.creator !== "All_Person" ? query.creator : null,
        }}
        kw={query.kw}
        label="搜索智能体"
      />
    </div>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../components/error-view";
