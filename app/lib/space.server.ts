import { type AppLoadContext, data } from "react-router";
import type { SpaceDto } from "../../server/modules/space/service";
import { api } from "./api.server";

/** The :spaceId route param as a number; anything else is a 404 page, not a backend call. */
export function spaceIdParam(value: string | undefined) {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0)
    throw data({ code: "4040", message: "空间不存在", tid: "" }, { status: 404 });
  return id;
}

export function listSpaces(context: AppLoadContext, request: Request) {
  return api<SpaceDto[]>(context, request, "/api/space/list");
}
