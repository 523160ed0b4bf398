import { Braces, Cpu, type LucideIcon, Puzzle, SearchX } from "lucide-react";
import { Link, useLocation, useSearchParams } from "react-router";
import { endpoints } from "#contract/api";
import type { LibraryItemDto } from "#contract/api/component";
import { PublishStatusBadge } from "../components/agent/publish-status-badge";
import { SpaceModels } from "../components/chat/space-models";
import { isLibraryKind, type LibraryKindType, libraryKinds } from "../components/library/kinds";
import {
  LibraryDialogs,
  LibraryRowMenu,
  libraryRowAnchor,
  libraryRowKey,
  libraryRowMenuIcons,
  NewComponentMenu,
} from "../components/library/library-menus";
import { PageHeader } from "../components/page-header";
import { Badge } from "../components/ui/badge";
import { EmptyState } from "../components/ui/empty-state";
import { iconSprite, SpriteIcon, SpriteSymbols } from "../components/ui/icon-sprite";
import { ListSearch } from "../components/ui/list-search";
import { LoadMore, useLoadMore } from "../components/ui/load-more";
import { RowListSkeleton } from "../components/ui/skeleton";
import { StreamedList, streamServerData } from "../components/ui/skeleton-list";
import { Tabs } from "../components/ui/tabs";
import { apiCall } from "../lib/api-call.server";
import { useCurrentSpace } from "../lib/current-space";
import { formatRelative } from "../lib/format";
import {
  type LibraryType,
  type ListCreator,
  type ListStatus,
  libraryTypeLabels,
  listCreatorLabels,
  listStatusLabels,
} from "../lib/labels";
import { pageTitle } from "../lib/meta";
import { loadSpaceModels } from "../lib/space-models.server";
import { pageParam, spaceIdParam, withParams } from "../lib/url";
import type { Route } from "./+types/space-library";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "组件库");

interface LibraryQuery {
  type: LibraryType;
  status: ListStatus;
  creator: ListCreator;
  kw: string;
}

/** Rows per page: the first screenfuls; more load as the list scrolls (or by page links without JavaScript). */
const PAGE_SIZE = 30;

const pick = <K extends string>(labels: Record<K, string>, value: string | null, fallback: K) =>
  value && Object.hasOwn(labels, value) ? (value as K) : fallback;

/** The tabs' state as it sits in the query string (read the same way by the loader and the page). */
const readLibraryQuery = (params: URLSearchParams): LibraryQuery => ({
  type: pick(libraryTypeLabels, params.get("type"), "All_Type"),
  status: pick(listStatusLabels, params.get("status"), "All"),
  creator: pick(listCreatorLabels, params.get("creator"), "All_Person"),
  kw: (params.get("kw") ?? "").trim().slice(0, 64),
});

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const spaceId = spaceIdParam(params.spaceId);
  const url = new URL(request.url);
  const query = readLibraryQuery(url.searchParams);
  const filtered = query.status !== "All" || query.creator !== "All_Person" || query.kw !== "";
  // The 模型 tab manages the space's own models (and shows the tenant's, read-only).
  if (query.type === "Model")
    return { query, page: null, filtered, spaceModels: await loadSpaceModels(context, request, spaceId) };
  // One page, filtered and searched by the server (the original client fetched the whole library).
  const page = await apiCall(context, request, endpoints.component.page, {
    body: {
      spaceId,
      type: query.type,
      status: query.status,
      creator: query.creator,
      kw: query.kw || undefined,
      current: pageParam(url),
      pageSize: PAGE_SIZE,
    },
  });
  return { query, page, filtered, spaceModels: null };
}

/** With JavaScript the library loads after the page shows (a skeleton in its place); see StreamedList. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return streamServerData(serverLoader);
}

type OtherTab = Exclude<LibraryType, LibraryKindType>;

const otherIcons: Record<OtherTab, LucideIcon> = { All_Type: Puzzle, Variable: Braces, Model: Cpu };

/** What each tab is for, said where the space has none of it (the component kinds say their own). */
const otherEmptyCopy: Record<OtherTab, { title: string; description: string }> = {
  All_Type: {
    title: "空间中还没有组件",
    description: "插件、工作流、知识库、数据表和模型会出现在这里，供空间里的智能体使用。点击“新建”创建第一个。",
  },
  Variable: {
    title: "还没有变量组件",
    description: "变量保存用户在对话前填写的信息（如城市、称呼），目前在智能体编辑页中为每个智能体单独定义。",
  },
  Model: {
    title: "还没有空间模型",
    description: "空间模型只在本空间内可用，用来接入团队自己的大模型服务；系统管理员配置的公共模型在所有空间都可使用。",
  },
};

const tabIcon = (type: LibraryType) => (isLibraryKind(type) ? libraryKinds[type].icon : otherIcons[type as OtherTab]);

/** Each row's type icon, drawn once by the list (see iconSprite). */
const rowTypeIcons = iconSprite(
  "library-type",
  Object.fromEntries((Object.keys(libraryTypeLabels) as LibraryType[]).map((type) => [type, tabIcon(type)])) as Record<
    LibraryType,
    LucideIcon
  >,
);
const tabEmpty = (type: LibraryType) =>
  isLibraryKind(type) ? libraryKinds[type].empty : otherEmptyCopy[type as OtherTab];

function libraryHref(spaceId: number, query: LibraryQuery, changes: Partial<LibraryQuery>) {
  const next = { ...query, ...changes };
  const params = new URLSearchParams();
  if (next.type !== "All_Type") params.set("type", next.type);
  if (next.status !== "All") params.set("status", next.status);
  if (next.creator !== "All_Person") params.set("creator", next.creator);
  if (next.kw) params.set("kw", next.kw);
  const search = params.toString();
  return `/space/${spaceId}/library${search ? `?${search}` : ""}`;
}

const tabsOf = <K extends string>(labels: Record<K, string>, to: (key: K) => string) =>
  (Object.keys(labels) as K[]).map((key) => ({ key, label: labels[key], to: to(key) }));

export default function LibraryPage({ loaderData }: Route.ComponentProps) {
  const space = useCurrentSpace();
  const [params] = useSearchParams();
  const query = readLibraryQuery(params);
  const href = (changes: Partial<LibraryQuery>) => libraryHref(space.id, query, changes);
  return (
    <div className="flex flex-col gap-5 p-4 md:p-8">
      <PageHeader title="组件库" description={space.name} actions={<NewComponentMenu spaceId={space.id} />} />
      <Tabs items={tabsOf(libraryTypeLabels, (type) => href({ type }))} active={query.type} label="组件类型" />
      <div className="flex flex-wrap items-center gap-3">
        <div className="w-72">
          <Tabs items={tabsOf(listStatusLabels, (status) => href({ status }))} active={query.status} label="发布状态" />
        </div>
        <div className="w-48">
          <Tabs
            items={tabsOf(listCreatorLabels, (creator) => href({ creator }))}
            active={query.creator}
            label="创建者"
          />
        </div>
        <LibrarySearch query={query} />
      </div>
      <StreamedList data={loaderData} skeleton={<RowListSkeleton label="正在加载组件" />}>
        {(data) => <LibraryList key={libraryHref(space.id, data.query, {})} data={data} />}
      </StreamedList>
    </div>
  );
}

/** 搜索组件: by name or description, within the tabs chosen. */
function LibrarySearch({ query }: { query: LibraryQuery }) {
  return (
    <ListSearch
      keep={{
        type: query.type !== "All_Type" ? query.type : null,
        status: query.status !== "All" ? query.status : null,
        creator: query.creator !== "All_Person" ? query.creator : null,
      }}
      kw={query.kw}
      label="搜索组件"
    />
  );
}

type LibraryData = Awaited<ReturnType<typeof loader>>;
type LibraryPageData = NonNullable<LibraryData["page"]>;

/** The components of the chosen tab (or the space's models), once they are loaded. */
function LibraryList({ data }: { data: LibraryData }) {
  if (data.spaceModels) return <SpaceModels data={data.spaceModels} />;
  if (!data.page) return null;
  return <LibraryRows first={data.page} query={data.query} filtered={data.filtered} />;
}

const rowKey = (item: LibraryItemDto) => `${item.type}-${item.id}`;
const readPage = (data: LibraryData) => data.page ?? undefined;

/** The rows loaded so far (more as the list scrolls), with the confirmation a row's menu opened. */
function LibraryRows({ first, query, filtered }: { first: LibraryPageData; query: LibraryQuery; filtered: boolean }) {
  const space = useCurrentSpace();
  const location = useLocation();
  // The page's own address without an open row menu (?menu=): every link made from it closes the menu.
  const here = withParams(location.pathname + location.search, { menu: null });
  const openMenu = new URLSearchParams(location.search).get("menu");
  const more = useLoadMore(first, here, readPage, rowKey);
  const empty = filtered ? { title: "没有符合条件的组件", description: "换个筛选条件试试。" } : tabEmpty(query.type);
  return (
    <>
      <LibraryDialogs spaceId={space.id} items={more.records} here={here} />
      {more.records.length === 0 ? (
        <EmptyState
          icon={filtered ? SearchX : tabIcon(query.type)}
          title={empty.title}
          description={empty.description}
        />
      ) : (
        <>
          <SpriteSymbols sprite={rowTypeIcons} />
          <SpriteSymbols sprite={libraryRowMenuIcons} />
          <ul className="flex flex-col divide-y divide-gray-100 rounded-card border border-gray-200 bg-white">
            {more.records.map((item) => (
              <LibraryRow
                key={rowKey(item)}
                item={item}
                spaceId={space.id}
                here={here}
                menuOpen={openMenu === libraryRowKey(item)}
              />
            ))}
          </ul>
        </>
      )}
      <LoadMore first={first} here={here} {...more} />
    </>
  );
}

interface LibraryRowProps {
  item: LibraryItemDto;
  spaceId: number;
  here: string;
  menuOpen: boolean;
}

function LibraryRow({ item, spaceId, here, menuOpen }: LibraryRowProps) {
  const href = isLibraryKind(item.type) ? libraryKinds[item.type].href?.(spaceId, item) : undefined;
  return (
    <li id={libraryRowAnchor(item)} className="flex flex-wrap items-center gap-3 px-4 py-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-50 text-primary-700">
        <SpriteIcon sprite={rowTypeIcons} name={item.type} className="size-5" />
      </span>
      <div className="min-w-0 flex-1 basis-48">
        <p className="flex items-center gap-2 font-medium">
          {href ? (
            <Link to={href} className="truncate hover:underline">
              {item.name}
            </Link>
          ) : (
            <span className="truncate">{item.name}</span>
          )}
          <Badge>{libraryTypeLabels[item.type]}</Badge>
          {item.ext ? <Badge tone="primary">{item.ext === "CODE" ? "代码" : item.ext}</Badge> : null}
        </p>
        <p className="truncate text-[13px] text-gray-500">{item.description || "暂无描述"}</p>
      </div>
      {item.publishStatus ? <PublishStatusBadge status={item.publishStatus} /> : null}
      <time dateTime={item.modified} className="text-[13px] text-gray-500" suppressHydrationWarning>
        {formatRelative(item.modified)}
      </time>
      <LibraryRowMenu item={item} here={here} open={menuOpen} />
    </li>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../components/error-view";
