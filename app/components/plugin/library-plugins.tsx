import { Copy, MoreHorizontal, Plug, Plus, Trash2 } from "lucide-react";
import { Form, Link, useNavigation, useRouteLoaderData } from "react-router";
import { spaceTypeLabels } from "../../lib/labels";
import { withParams } from "../../lib/url";
import type { loader as spaceLayoutLoader } from "../../routes/space-layout";
import { Button, buttonClass } from "../ui/button";
import { Confirm } from "../ui/confirm";
import { Menu } from "../ui/menu";
import { Select } from "../ui/select";
import { pluginPath } from "./paths";

interface LibraryPlugin {
  id: number;
  name: string;
  ext?: string | null;
}

/** The library page's address with the given query parameters set or dropped. */
const hrefWith = (here: string, changes: Record<string, string | number | null>) => withParams(here, changes);

/** A library row's plugin page (the row's `ext` is its type). */
export const libraryPluginHref = (spaceId: number, item: LibraryPlugin) =>
  pluginPath({ id: item.id, spaceId, type: item.ext });

/** 新建: the kinds the library can create today (a menu, so more kinds join it as they arrive). */
export function NewComponentMenu({ spaceId }: { spaceId: number }) {
  return (
    <Menu
      label="新建组件"
      align="end"
      triggerClassName={buttonClass("primary")}
      trigger={
        <span className="inline-flex items-center gap-2">
          <Plus className="size-4" aria-hidden />
          新建
        </span>
      }
      entries={[
        {
          kind: "link",
          key: "plugin",
          to: `/space/${spaceId}/library/plugin/new`,
          label: (
            <span className="flex items-center gap-2">
              <Plug className="size-4" aria-hidden />
              插件
            </span>
          ),
        },
      ]}
    />
  );
}

/** A plugin row's menu: 复制到空间 and 删除, each opening its confirmation on the library page. */
export function PluginRowMenu({ item, here }: { item: LibraryPlugin; here: string }) {
  return (
    <Menu
      label={`${item.name}的更多操作`}
      align="end"
      triggerClassName={buttonClass("ghost", "sm")}
      trigger={<MoreHorizontal className="size-4" aria-hidden />}
      entries={[
        {
          kind: "link",
          key: "copy",
          to: hrefWith(here, { copyPlugin: item.id, deletePlugin: null }),
          label: (
            <span className="flex items-center gap-2">
              <Copy className="size-4" aria-hidden />
              复制到空间
            </span>
          ),
        },
        {
          kind: "link",
          key: "delete",
          to: hrefWith(here, { deletePlugin: item.id, copyPlugin: null }),
          label: (
            <span className="flex items-center gap-2 text-danger-700">
              <Trash2 className="size-4" aria-hidden />
              删除
            </span>
          ),
        },
      ]}
    />
  );
}

interface PluginDialogsProps {
  spaceId: number;
  items: LibraryPlugin[];
  /** The library's address (path and query). */
  here: string;
}

/** The confirmations opened by ?deletePlugin= and ?copyPlugin= (a dialog with JavaScript, a card without). */
export function PluginDialogs({ spaceId, items, here }: PluginDialogsProps) {
  const url = new URL(here, "http://relative.invalid");
  const find = (name: string) => items.find((i) => String(i.id) === url.searchParams.get(name));
  const deleting = find("deletePlugin");
  const copying = find("copyPlugin");
  const cancelTo = hrefWith(here, { deletePlugin: null, copyPlugin: null });
  if (deleting) {
    return (
      <Confirm
        title="删除插件"
        description={`确定删除插件「${deleting.name}」吗？使用它的智能体将不能再调用它。`}
        cancelTo={cancelTo}
      >
        <ManageForm spaceId={spaceId} pluginId={deleting.id} intent="delete" cancelTo={cancelTo} label="确认删除" />
      </Confirm>
    );
  }
  if (copying) {
    return (
      <Confirm title="复制到空间" description={`把插件「${copying.name}」复制一份到：`} cancelTo={cancelTo}>
        <ManageForm spaceId={spaceId} pluginId={copying.id} intent="copy" cancelTo={cancelTo} label="复制" />
      </Confirm>
    );
  }
  return null;
}

function ManageForm({
  spaceId,
  pluginId,
  intent,
  cancelTo,
  label,
}: {
  spaceId: number;
  pluginId: number;
  intent: "delete" | "copy";
  cancelTo: string;
  label: string;
}) {
  const action = `/space/${spaceId}/plugin/${pluginId}/manage`;
  const busy = useNavigation().formAction === action;
  const spaces = useRouteLoaderData<typeof spaceLayoutLoader>("routes/space-layout")?.spaces ?? [];
  // Spaces where the caller may develop: above member, or the space lets members develop.
  const targets = spaces.filter((s) => s.allowDevelop === 1 || (s.currentUserRole && s.currentUserRole !== "User"));
  return (
    <Form method="post" action={action} className="flex flex-col gap-3">
      <input type="hidden" name="intent" value={intent} />
      {intent === "copy" ? (
        <Select
          name="targetSpaceId"
          aria-label="目标空间"
          defaultValue={String(spaceId)}
          options={targets.map((s) => ({
            value: String(s.id),
            label: s.type === "Personal" ? spaceTypeLabels.Personal : s.name,
          }))}
        />
      ) : null}
      <div className="flex justify-end gap-2">
        <Link to={cancelTo} replace preventScrollReset className={buttonClass("secondary")}>
          取消
        </Link>
        <Button type="submit" variant={intent === "delete" ? "danger" : "primary"} loading={busy}>
          {label}
        </Button>
      </div>
    </Form>
  );
}
