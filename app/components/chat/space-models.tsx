import { Plus } from "lucide-react";
import { Link } from "react-router";
import type { SpaceModelsData } from "#app/lib/space-models.server";
import { withParams } from "#app/lib/url";
import { ModelDeleteConfirm } from "../model/model-delete-confirm";
import { ModelForm } from "../model/model-form";
import { ModelTable } from "../model/model-table";
import { buttonClass } from "../ui/button";
import { UrlDialog } from "../ui/url-dialog";

const ACTION = "/resources/space-models";

/**
 * The models a space can use, for the component library: tenant models (read-only, managed in 系统管理)
 * and the space's own models with add, edit, 测试连接 and delete. Dialogs open from the URL (?model=new,
 * ?model=<id>, ?deleteModel=<id>) and forms post to /resources/space-models, so it all works without JS.
 * Feed it `loadSpaceModels(context, request, spaceId)` from the page's loader.
 */
export function SpaceModels({ data }: { data: SpaceModelsData }) {
  const { spaceId, models, adding, editing, deleting, pageUrl, currentUrl } = data;
  const hidden = { spaceId: String(spaceId), done: pageUrl, back: currentUrl };
  return (
    <section aria-label="空间模型" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-4">
        <p className="text-gray-500">公共模型由系统管理员维护；这里可以添加只在本空间使用的模型。</p>
        <Link to={withParams(pageUrl, { model: "new" })} preventScrollReset className={buttonClass("primary", "sm")}>
          <Plus className="size-4" aria-hidden />
          添加模型
        </Link>
      </div>
      {adding ? (
        <UrlDialog title="添加空间模型" closeTo={pageUrl}>
          <ModelForm cancelTo={pageUrl} action={ACTION} hidden={hidden} />
        </UrlDialog>
      ) : null}
      {editing ? (
        <UrlDialog title={`编辑模型「${editing.name}」`} closeTo={pageUrl}>
          <ModelForm model={editing} cancelTo={pageUrl} action={ACTION} hidden={hidden} />
        </UrlDialog>
      ) : null}
      {deleting ? <ModelDeleteConfirm model={deleting} cancelTo={pageUrl} action={ACTION} hidden={hidden} /> : null}
      <ModelTable
        models={models}
        action={ACTION}
        hidden={hidden}
        canEdit={(m) => m.scope === "Space"}
        editHref={(id) => withParams(pageUrl, { model: id })}
        deleteHref={(id) => withParams(pageUrl, { deleteModel: id })}
      />
    </section>
  );
}
