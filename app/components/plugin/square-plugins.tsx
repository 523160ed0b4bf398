import { Copy, Plug, Search } from "lucide-react";
import { Form, useLocation, useNavigation } from "react-router";
import { displayName } from "#app/lib/format";
import { pluginTypeLabels, spaceTypeLabels } from "#app/lib/labels";
import { withParams } from "#app/lib/url";
import type { loadSquarePlugins } from "#app/routes/plugin-square.server";
import { AgentIcon } from "../agent/agent-icon";
import { FavouriteFilter } from "../favourite/favourite-filter";
import { FAVOURITE_ACTION, FavouriteToggle } from "../favourite/favourite-toggle";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { EmptyState } from "../ui/empty-state";
import { Input } from "../ui/input";
import { ListPagination } from "../ui/pagination";
import { Select } from "../ui/select";
import { Tabs } from "../ui/tabs";

type SquarePlugins = Awaited<ReturnType<typeof loadSquarePlugins>>;
type Space = SquarePlugins["spaces"][number];

export const PLUGIN_COPY_ACTION = "/resources/plugin-copy";

/** 智能体 | 插件 at the top of the square (?cate_type=Plugin; the agents' tab has no parameter). */
export function SquareKindTabs({ active }: { active: "Agent" | "Plugin" | "Workflow" }) {
  return (
    <div className="w-72">
      <Tabs
        label="广场分类"
        active={active}
        items={[
          { key: "Agent", label: "智能体", to: "/square" },
          { key: "Plugin", label: "插件", to: "/square?cate_type=Plugin" },
          { key: "Workflow", label: "工作流", to: "/square?cate_type=Workflow" },
        ]}
      />
    </div>
  );
}

/** Spaces where the caller may develop: above member, or the space lets members develop. */
const developable = (spaces: Space[]) =>
  spaces.filter((s) => s.allowDevelop === 1 || (s.currentUserRole !== null && s.currentUserRole !== "User"));

/** The square's plugin tab: search, 全部 | 我的收藏, cards with type, publisher, 收藏 and 复制到空间 where allowed, page links. */
export function SquarePluginList({ list, spaces, kw, collect }: SquarePlugins) {
  const location = useLocation();
  const here = location.pathname + location.search;
  const targets = developable(spaces);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex flex-wrap items-center gap-4">
          <h1 className="font-semibold text-xl">插件</h1>
          <FavouriteFilter kind="Plugin" active={collect} />
        </div>
        <Form method="get" role="search" className="flex w-full max-w-sm gap-2">
          <input type="hidden" name="cate_type" value="Plugin" />
          {collect ? <input type="hidden" name="collect" value="1" /> : null}
          <Input
            type="search"
            name="kw"
            defaultValue={kw}
            maxLength={64}
            placeholder="搜索插件"
            aria-label="搜索插件"
          />
          <Button type="submit" variant="secondary" aria-label="搜索">
            <Search className="size-4" aria-hidden />
          </Button>
        </Form>
      </div>
      {list.records.length === 0 ? (
        <EmptyState
          icon={Plug}
          title="暂无数据"
          description={
            collect
              ? "还没有收藏的插件。在「全部」中点卡片上的收藏，智能体编辑时就能直接添加。"
              : "还没有发布到广场的插件，换个关键词试试。"
          }
        />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {list.records.map((p) => (
            <li key={p.id}>
              <article
                aria-label={p.name}
                className="flex h-full flex-col gap-3 rounded-card border border-gray-200 bg-white p-4"
              >
                <div className="flex items-start gap-3">
                  <AgentIcon name={p.name} icon={p.icon} />
                  <div className="min-w-0 flex-1">
                    <h2 className="truncate font-medium">{p.name}</h2>
                    <p className="flex flex-wrap items-center gap-1.5 text-[13px] text-gray-500">
                      <Badge tone="primary">{pluginTypeLabels[p.pluginType]}</Badge>
                      {p.codeLang ? <Badge>{p.codeLang}</Badge> : null}
                      {p.publishUser ? <span>{displayName(p.publishUser)}</span> : null}
                    </p>
                  </div>
                </div>
                <p className="line-clamp-2 flex-1 text-[13px] text-gray-600">{p.description || "暂无描述"}</p>
                <div className="flex justify-end">
                  <FavouriteToggle
                    id={`Plugin-${p.targetId}`}
                    name={p.name}
                    collected={p.collect}
                    action={FAVOURITE_ACTION}
                    fields={{ kind: "Plugin", targetId: p.targetId, redirectTo: here }}
                  />
                </div>
                {p.allowCopy === 1 && targets.length ? (
                  <CopyForm
                    pluginId={p.targetId}
                    pluginType={p.pluginType}
                    name={p.name}
                    targets={targets}
                    back={here}
                  />
                ) : null}
              </article>
            </li>
          ))}
        </ul>
      )}
      <ListPagination list={list} hrefFor={(page) => withParams(here, { page: page === 1 ? null : page })} />
    </>
  );
}

function CopyForm({
  pluginId,
  pluginType,
  name,
  targets,
  back,
}: {
  pluginId: number;
  pluginType: string;
  name: string;
  targets: Space[];
  back: string;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.formAction === PLUGIN_COPY_ACTION && navigation.formData?.get("pluginId") === String(pluginId);
  return (
    <Form method="post" action={PLUGIN_COPY_ACTION} className="flex items-center gap-2" aria-label={`复制${name}`}>
      <input type="hidden" name="pluginId" value={pluginId} />
      <input type="hidden" name="pluginType" value={pluginType} />
      <input type="hidden" name="redirectTo" value={back} />
      <Select
        name="spaceId"
        aria-label={`复制${name}到空间`}
        className="min-w-0 flex-1"
        options={targets.map((s) => ({
          value: String(s.id),
          label: s.type === "Personal" ? spaceTypeLabels.Personal : s.name,
        }))}
      />
      <Button type="submit" variant="secondary" size="sm" loading={busy}>
        <Copy className="size-4" aria-hidden />
        复制到空间
      </Button>
    </Form>
  );
}
