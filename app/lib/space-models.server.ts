import type { AppLoadContext } from "react-router";
import { endpoints } from "#contract/api";
import { apiCall } from "./api-call.server";
import { pathOf } from "./url";

/** Query parameters the space model list uses for its dialogs (chosen not to clash with the library's filters). */
export const SPACE_MODEL_PARAMS = ["model", "deleteModel"];

/**
 * What <SpaceModels> needs, for the loader of the page that shows it: the models the space can use (tenant
 * models read-only, the space's own editable) and which dialog the URL opens.
 */
export async function loadSpaceModels(context: AppLoadContext, request: Request, spaceId: number) {
  const models = await apiCall(context, request, endpoints.model.list, { body: { spaceId } });
  const url = new URL(request.url);
  const own = (param: string) =>
    models.find((m) => m.scope === "Space" && m.id === Number(url.searchParams.get(param))) ?? null;
  return {
    spaceId,
    models,
    adding: url.searchParams.get("model") === "new",
    editing: own("model"),
    deleting: own("deleteModel"),
    /** The page itself, with the dialogs closed. */
    pageUrl: pathOf(request, SPACE_MODEL_PARAMS),
    /** The page as it is (a failed form comes back to its open dialog). */
    currentUrl: pathOf(request),
  };
}

export type SpaceModelsData = Awaited<ReturnType<typeof loadSpaceModels>>;
