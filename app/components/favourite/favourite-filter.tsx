import { Tabs } from "../ui/tabs";

/** `?collect=1` on the square's plugin and workflow tabs: only the caller's favourites. */
export const favouritesOnly = (url: URL) => url.searchParams.get("collect") === "1";

/** 全部 | 我的收藏 above a square tab's cards; links, so it works without JavaScript. */
export function FavouriteFilter({ kind, active }: { kind: "Plugin" | "Workflow"; active: boolean }) {
  const base = `/square?cate_type=${kind}`;
  return (
    <div className="w-56">
      <Tabs
        label="收藏筛选"
        active={active ? "collect" : "all"}
        items={[
          { key: "all", label: "全部", to: base },
          { key: "collect", label: "我的收藏", to: `${base}&collect=1` },
        ]}
      />
    </div>
  );
}
