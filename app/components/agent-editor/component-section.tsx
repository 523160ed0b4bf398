import { getFormProps, getSelectProps } from "@conform-to/react";
import { Plus, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import { componentTypeLabels } from "#app/lib/labels";
import type { FavouriteTool, LibraryItem } from "#app/routes/agent-editor.server";
import type { ComponentDto } from "#contract/api/agent-dto";
import { Button } from "../ui/button";
import { Field, FormErrors } from "../ui/field";
import { Select, type SelectOption } from "../ui/select";
import { useEditorForm } from "./autosave";
import { KnowledgeSettings } from "./knowledge-settings";
import { type EditorReply, editorSchemas } from "./schemas";

export type BindableType = "Plugin" | "Workflow" | "Knowledge" | "Table";

/** What each kind is for, said where the space has none yet. */
const emptyCopy: Record<BindableType, string> = {
  Plugin:
    "插件让智能体调用外部接口或运行一段代码。在组件库中“新建 → 插件”，发布后回到这里添加；也可以在广场收藏别人发布的插件。",
  Workflow:
    "工作流把多个步骤（大模型、代码、知识库检索、条件分支…）编排成流程，供智能体调用。广场中收藏的工作流也会列在这里。",
  Knowledge: "知识库存放文档，智能体回答时会检索其中的内容。在组件库中“新建 → 知识库”，上传文档后回到这里添加。",
  Table: "数据表是结构化的存储，智能体可以读写其中的数据。在组件库中“新建 → 数据表”，定义字段后回到这里添加。",
};

interface ComponentSectionProps {
  type: BindableType;
  /** This agent's bindings of the type. */
  bound: ComponentDto[];
  /** The space's components of the type (from the component library). */
  available: LibraryItem[];
  /** Published ones of the type the caller favourited on the square (plugins and workflows only). */
  favourites: FavouriteTool[];
}

/**
 * What the picker offers: the space's unbound components, then favourites that are neither the space's own nor
 * bound, under 本空间 and 我的收藏 when there are favourites to tell apart.
 */
export function pickerOptions(available: LibraryItem[], favourites: FavouriteTool[], bound: ComponentDto[]) {
  const isBound = (id: number) => bound.some((b) => b.targetId === id);
  const own = available.filter((item) => !isBound(item.id));
  const others = favourites.filter((f) => !isBound(f.id) && !available.some((item) => item.id === f.id));
  const grouped = others.length > 0;
  return [
    ...own.map((o) => ({ value: String(o.id), label: o.name, group: grouped ? "本空间" : undefined })),
    ...others.map((f) => ({ value: String(f.id), label: f.name, group: "我的收藏" })),
  ];
}

/** The bindings of one kind, each removable, and a picker over what the space has and the caller favourited. */
export function ComponentSection({ type, bound, available, favourites }: ComponentSectionProps) {
  const label = componentTypeLabels[type];
  const options = pickerOptions(available, favourites, bound);
  return (
    <div className="flex flex-col gap-3">
      <BoundList items={bound} />
      {available.length === 0 && favourites.length === 0 ? (
        <div className="rounded-md border border-gray-300 border-dashed px-3 py-3 text-[13px]">
          <p className="font-medium text-gray-700">空间中还没有{label}</p>
          <p className="text-gray-500">{emptyCopy[type]}</p>
        </div>
      ) : options.length === 0 ? (
        <p className="text-[13px] text-gray-500">
          {favourites.length ? `空间中的和收藏的${label}都已添加。` : `空间中的${label}都已添加。`}
        </p>
      ) : (
        <AddComponentForm type={type} options={options} />
      )}
    </div>
  );
}

function AddComponentForm({ type, options }: { type: BindableType; options: SelectOption[] }) {
  const label = componentTypeLabels[type];
  const { fetcher, form, fields } = useEditorForm(
    "component-add",
    editorSchemas["component-add"],
    { type, targetId: options[0]?.value ?? "" },
    type,
  );
  return (
    <fetcher.Form method="post" preventScrollReset {...getFormProps(form)} className="flex flex-col gap-2">
      <input type="hidden" name="intent" value="component-add" />
      <input type="hidden" name="key" value={type} />
      <input type="hidden" name="type" value={type} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field label={`添加${label}`} field={fields.targetId}>
        <div className="flex gap-2">
          <Select {...getSelectProps(fields.targetId)} options={options} />
          <Button type="submit" variant="secondary" loading={fetcher.state !== "idle"}>
            <Plus className="size-4" aria-hidden />
            添加
          </Button>
        </div>
      </Field>
    </fetcher.Form>
  );
}

interface BoundListProps {
  items: ComponentDto[];
  detail?: (item: ComponentDto) => string;
  /** More about an item under its name (a trigger's state). */
  extra?: (item: ComponentDto) => ReactNode;
}

/** Bound components with a 移除 button each. */
export function BoundList({ items, detail, extra }: BoundListProps) {
  if (items.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1.5">
      {items.map((item) => (
        <BoundItem key={item.id} item={item} detail={detail?.(item) ?? item.description} extra={extra?.(item)} />
      ))}
    </ul>
  );
}

function BoundItem({ item, detail, extra }: { item: ComponentDto; detail: string; extra?: ReactNode }) {
  const fetcher = useFetcher<EditorReply>();
  const errors = fetcher.data?.result.error?.[""] ?? [];
  return (
    <li className="flex flex-col gap-1 rounded-md border border-gray-200 px-3 py-2">
      <div className="flex items-center gap-2">
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium">{item.name}</p>
          {detail ? <p className="truncate text-[13px] text-gray-500">{detail}</p> : null}
        </div>
        <fetcher.Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="component-delete" />
          <input type="hidden" name="componentId" value={item.id} />
          <Button
            type="submit"
            variant="ghost"
            size="sm"
            aria-label={`移除${item.name}`}
            loading={fetcher.state !== "idle"}
          >
            <Trash2 className="size-4" aria-hidden />
          </Button>
        </fetcher.Form>
      </div>
      {extra}
      <FormErrors errors={errors.filter((e): e is string => Boolean(e))} />
      {item.type === "Knowledge" ? (
        <details className="group">
          <summary className="cursor-pointer text-[13px] text-primary-700 hover:underline">检索设置</summary>
          <div className="pt-2">
            <KnowledgeSettings component={item} />
          </div>
        </details>
      ) : null}
    </li>
  );
}
