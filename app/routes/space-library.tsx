import { Braces, Cpu, type LucideIcon, Puzzle, SearchX } from "lucide-react";
import { Link, useLocation, useSearchParams } from "react-router";
import { endpoints } from "#contract/api";
import { PublishStatusBadge } from "../components/agent/publish-status-badge";
import { SpaceModels } from "../components/chat/space-models";
import { isLibraryKind, type LibraryKindType, libraryKinds } from "../components/library/kinds";
import { LibraryDialogs, LibraryRowMenu, NewComponentMenu } from "../components/library/library-menus";
import { PageHeader } from "../components/page-header";
import { Badge } from "../components/ui/badge";
import { EmptyState } from "../components/ui/empty-state";
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
import { spaceIdParam } from "../lib/url";
import type { Route } from "./+types/space-library";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "组件库");

interface LibraryQuery {
  type: LibraryType;
  status: ListStatus;
  creator: ListCreator;
}

const pick = <K extends string>(labels: Record<K, string>, value: string | null, fallback: K) =>
  value && Object.hasOwn(labels, value) ? (value as K) : fallback;

/** The tabs' state as it sits in the query string (read the same way by the loader and the page). */
const readLibraryQuery = (params: URLSearchParams): LibraryQuery => ({
  type: pick(libraryTypeLabels, params.get("type"), "All_Type"),
  status: pick(listStatusLabels, params.get("status"), "All"),
  creator: pick(listCreatorLabels, params.get("creator"), "All_Person"),
});

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const spaceId = spaceIdParam(params.spaceId);
  const query = readLibraryQuery(new URL(request.url).searchParams);
  const [all, me] = await Promise.all([
    apiCall(context, request, endpoints.component.list, { params: { spaceId } }),
    apiCall(context, request, endpoints.auth.loginInfo),
  ]);
  // The list endpoint returns the whole library (as the original client filters it), so filtering happens here.
  let items = all.filter(
    (item) =>
      (query.type === "All_Type" || item.type === query.type) &&
      (query.status !== "Published" || item.publishStatus === "Published") &&
      (query.creator !== "Me" || item.creatorId === me.id),
  );
  // Opening is not recorded for components; "recently open" lists the most recently changed first.
  if (query.status === "Recently_Open") items = [...items].sort((a, b) => b.modified.localeCompare(a.modified));
  // The 模型 tab manages the space's own models (and shows the tenant's, read-only).
  const spaceModels = query.type === "Model" ? await loadSpaceModels(context, request, spaceId) : null;
  return { query, items, filtered: query.status !== "All" || query.creator !== "All_Person", spaceModels };
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
const tabEmpty = (type: LibraryType) =>
  isLibraryKind(type) ? libraryKinds[type].empty : otherEmptyCopy[type as OtherTab];

function libraryHref(spaceId: number, query: LibraryQuery, changes: Partial<LibraryQuery>) {
  const next = { ...query, ...changes };
  const params = new URLSearchParams();
  if (next.type !== "All_Type") params.set("type", next.type);
  if (next.status !== "All") params.set("status", next.status);
  if (next.creator !== "All_Person") params.set("creator", next.creator);
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
      <div className="flex flex-wrap gap-3">
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
      </div>
      <StreamedList data={loaderData} skeleton={<RowListSkeleton label="正在加载组件" />}>
        {(data) => <LibraryList data={data} />}
      </StreamedList>
    </div>
  );
}

/** The components of the chosen tab (or the space's models), once they are loaded, with their dialogs. */
function LibraryList({ data }: { data: Awaited<ReturnType<typeof loader>> }) {
  const { query, items, filtered, spaceModels } = data;
  const space = useCurrentSpace();
  const location = useLocation();
  const here = location.pathname + location.search;
  const empty = filtered ? { title: "没有符合条件的组件", description: "换个筛选条件试试。" } : tabEmpty(query.type);
  return (
    <>
      <LibraryDialogs spaceId={space.id} items={items} here={here} />
      {spaceModels ? (
        <SpaceModels data={spaceModels} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={filtered ? SearchX : tabIcon(query.type)}
          title={empty.title}
          description={empty.description}
        />
      ) : (
        <ul className="flex flex-col divide-y divide-gray-100 rounded-card border border-gray-200 bg-white">
          {items.map((item) => {
            const Icon = tabIcon(item.type);
            const href = isLibraryKind(item.type) ? libraryKinds[item.type].href?.(space.id, item) : undefined;
            return (
              <li key={`${item.type}-${item.id}`} className="flex flex-wrap items-center gap-3 px-4 py-3">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-50 text-primary-700">
                  <Icon className="size-5" aria-hidden />
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
                <LibraryRowMenu item={item} here={here} />
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../components/error-view";
