import type { AppLoadContext } from "react-router";
import { endpoints } from "#contract/api";
import { apiCall } from "./api-call.server";

/** The caller's spaces, as the contract types them. */
export function listSpaces(context: AppLoadContext, request: Request) {
  return apiCall(context, request, endpoints.space.list);
}
