import { Copy, MoreHorizontal, Plus, Trash2 } from "lucide-react";
import { Form, Link, useNavigation, useRouteLoaderData } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { componentTypeLabels, spaceTypeLabels } from "#app/lib/labels";
import { withParams } from "#app/lib/url";
import type { loader as spaceLayoutLoader } from "#app/routes/space-layout";
import type { LibraryItemDto } from "#contract/api/component";
import { Button, buttonClass } from "../ui/button";
import { Confirm } from "../ui/confirm";
import { iconSprite, SpriteIcon } from "../ui/icon-sprite";
import { Menu } from "../ui/menu";
import { Select } from "../ui/select";
import { isLibraryKind, type LibraryKindType, libraryKinds } from "./kinds";

/**
 * The row a confirmation or an open menu is about, in the library's address: `?delete=Plugin:5`, `?copy=Workflow:3`,
 * `?menu=Plugin:5`.
 */
export const libraryRowKey = (item: Pick<LibraryItemDto, "type" | "id">) => `${item.type}:${item.id}`;
const rowKey = libraryRowKey;
const withDialog = (here: string, dialog: "delete" | "copy" | null, item?: LibraryItemDto) =>
  withParams(here, {
    delete: dialog === "delete" && item ? rowKey(item) : null,
    copy: dialog === "copy" && item ? rowKey(item) : null,
    menu: null,
  });

/** The anchor of a row, so the library asked for with its menu open (`?menu=`) shows that row. */
export const libraryRowAnchor = (item: Pick<LibraryItemDto, "type" | "id">) => `row-${item.type}-${item.id}`;

const iconLabel = (Icon: typeof Plus, text: string, className = "") => (
  <span className={`flex items-center gap-2 ${className}`}>
    <Icon className="size-4" aria-hidden />
    {text}
  </span>
);

/** 新建: every kind that has a create page, in the registry's order. */
export function NewComponentMenu({ spaceId }: { spaceId: number }) {
  const creatable = (Object.keys(libraryKinds) as LibraryKindType[]).flatMap((type) => {
    const { newHref, icon } = libraryKinds[type];
    return newHref
      ? [{ kind: "link" as const, key: type, to: newHref(spaceId), label: iconLabel(icon, componentTypeLabels[type]) }]
      : [];
  });
  return (
    <Menu
      label="新建组件"
      align="end"
      triggerClassName={buttonClass("primary")}
      trigger={iconLabel(Plus, "新建")}
      entries={creatable}
    />
  );
}

interface LibraryRowMenuProps {
  item: LibraryItemDto;
  /** The library's address (path and query), without `menu`. */
  here: string;
  /** This row's menu was asked for by the URL (`?menu=`): drawn open. */
  open: boolean;
}

/**
 * A row's menu: 复制到空间 (where the kind offers it) and 删除, each opening its confirmation on the library page.
 * Its list renders the sprite of `libraryRowMenuIcons`. Before JavaScript (and without it) the trigger is a link to
 * the library with this row's menu open, as on the develop page (decision 0025).
 */
export function LibraryRowMenu({ item, here, open }: LibraryRowMenuProps) {
  const hydrated = useHydrated();
  if (!isLibraryKind(item.type)) return null;
  const label = `${item.name}的更多操作`;
  const trigger = <SpriteIcon sprite={libraryRowMenuIcons} name="More" className="size-4" />;
  if (!hydrated && !open) {
    const href = `${withParams(here, { menu: rowKey(item) })}#${libraryRowAnchor(item)}`;
    return (
      <a href={href} aria-label={label} className={buttonClass("ghost", "sm")}>
        {trigger}
      </a>
    );
  }
  const kind = libraryKinds[item.type];
  const entries = [
    ...(kind.copyable
      ? [
          {
            kind: "link" as const,
            key: "copy",
            to: withDialog(here, "copy", item),
            label: rowMenuLabel("Copy", "复制到空间"),
          },
        ]
      : []),
    {
      kind: "link" as const,
      key: "delete",
      to: withDialog(here, "delete", item),
      label: rowMenuLabel("Delete", "删除", "text-danger-700"),
    },
  ];
  return (
    <Menu
      label={label}
      align="end"
      triggerClassName={buttonClass("ghost", "sm")}
      trigger={trigger}
      defaultOpen={open}
      entries={entries}
    />
  );
}

/** The icons of every row's menu, drawn once by the list (`<SpriteSymbols sprite={libraryRowMenuIcons} />`). */
export const libraryRowMenuIcons = iconSprite("library-row-menu", { Copy, Delete: Trash2, More: MoreHorizontal });

const rowMenuLabel = (name: "Copy" | "Delete", text: string, className = "") => (
  <span className={`flex items-center gap-2 ${className}`}>
    <SpriteIcon sprite={libraryRowMenuIcons} name={name} className="size-4" />
    {text}
  </span>
);

interface LibraryDialogsProps {
  spaceId: number;
  items: LibraryItemDto[];
  /** The library's address (path and query). */
  here: string;
}

/** The confirmations opened by ?delete= and ?copy= (a dialog with JavaScript, a card without). */
export function LibraryDialogs({ spaceId, items, here }: LibraryDialogsProps) {
  const url = new URL(here, "http://relative.invalid");
  const find = (name: string) => items.find((i) => rowKey(i) === url.searchParams.get(name));
  const deleting = find("delete");
  const copying = find("copy");
  const cancelTo = withDialog(here, null);
  if (deleting && isLibraryKind(deleting.type)) {
    const label = componentTypeLabels[deleting.type];
    return (
      <Confirm
        title={`删除${label}`}
        description={`确定删除${label}「${deleting.name}」吗？${libraryKinds[deleting.type].deleteWarning}`}
        cancelTo={cancelTo}
      >
        <ManageForm spaceId={spaceId} item={deleting} intent="delete" cancelTo={cancelTo} label="确认删除" />
      </Confirm>
    );
  }
  if (copying && isLibraryKind(copying.type) && libraryKinds[copying.type].copyable) {
    const label = componentTypeLabels[copying.type];
    return (
      <Confirm title="复制到空间" description={`把${label}「${copying.name}」复制一份到：`} cancelTo={cancelTo}>
        <ManageForm spaceId={spaceId} item={copying} intent="copy" cancelTo={cancelTo} label="复制" />
      </Confirm>
    );
  }
  return null;
}

interface ManageFormProps {
  spaceId: number;
  item: LibraryItemDto;
  intent: "delete" | "copy";
  cancelTo: string;
  label: string;
}

function ManageForm({ spaceId, item, intent, cancelTo, label }: ManageFormProps) {
  const action = `/space/${spaceId}/library/manage`;
  const busy = useNavigation().formAction === action;
  const spaces = useRouteLoaderData<typeof spaceLayoutLoader>("routes/space-layout")?.spaces ?? [];
  // Spaces where the caller may develop: above member, or the space lets members develop.
  const targets = spaces.filter((s) => s.allowDevelop === 1 || (s.currentUserRole && s.currentUserRole !== "User"));
  return (
    <Form method="post" action={action} className="flex flex-col gap-3">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="type" value={item.type} />
      <input type="hidden" name="id" value={item.id} />
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
