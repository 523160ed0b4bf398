import type { AppLoadContext } from "react-router";
import type { SpaceDto } from "../../server/modules/space/service";
import { api } from "./api.server";

/** The :spaceId route param as a number; anything else is a 404 page, not a backend call. */
export function listSpaces(context: AppLoadContext, request: Request) {
  return api<SpaceDto[]>(context, request, "/api/space/list");
}
