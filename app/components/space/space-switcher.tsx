import { Check, ChevronsUpDown, Plus } from "lucide-react";
import { useState } from "react";
import { spaceTypeLabels } from "#app/lib/labels";
import { spaceHome } from "#app/lib/space-permissions";
import type { SpaceDto } from "#contract/api/space";
import { Badge } from "../ui/badge";
import { Dialog, DialogContent } from "../ui/dialog";
import { Menu, type MenuEntry } from "../ui/menu";
import { CreateSpaceForm } from "./create-space-form";

/** Lists the user's spaces (links) and opens 创建团队空间 in a dialog, or the /space/new page without JavaScript. */
export function SpaceSwitcher({ spaces, current }: { spaces: SpaceDto[]; current: SpaceDto }) {
  const [creating, setCreating] = useState(false);
  const entries: MenuEntry[] = spaces.map((space) => ({
    kind: "link",
    key: `space-${space.id}`,
    to: spaceHome(space),
    current: space.id === current.id,
    label: (
      <>
        <Check className={space.id === current.id ? "size-4 text-primary-600" : "invisible size-4"} aria-hidden />
        <span className="flex-1 truncate">{space.name}</span>
        <span className="text-gray-400 text-xs">{spaceTypeLabels[space.type]}</span>
      </>
    ),
  }));
  entries.push(
    { kind: "separator", key: "sep" },
    {
      kind: "command",
      key: "create",
      to: "/space/new",
      onSelect: () => setCreating(true),
      label: (
        <>
          <Plus className="size-4" aria-hidden />
          创建团队空间
        </>
      ),
    },
  );

  return (
    <>
      <Menu
        label={`切换空间，当前：${current.name}`}
        heading="我的空间"
        entries={entries}
        triggerClassName="flex w-full items-center gap-2 rounded-md border border-gray-200 px-3 py-2 text-left hover:bg-gray-50"
        trigger={
          <>
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="truncate font-medium">{current.name}</span>
              <span>
                <Badge tone={current.type === "Personal" ? "neutral" : "primary"}>
                  {spaceTypeLabels[current.type]}
                </Badge>
              </span>
            </span>
            <ChevronsUpDown className="size-4 text-gray-400" aria-hidden />
          </>
        }
      />
      <Dialog open={creating} onOpenChange={setCreating}>
        <DialogContent title="创建团队空间" description="团队空间可以邀请成员一起开发智能体和组件。">
          <CreateSpaceForm onCreated={() => setCreating(false)} onCancel={() => setCreating(false)} />
        </DialogContent>
      </Dialog>
    </>
  );
}
