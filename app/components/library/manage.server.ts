import type { AppLoadContext } from "react-router";
import { tryApiCall } from "#app/lib/api-call.server";
import { endpoints } from "#contract/api";
import { knowledge } from "#contract/api/knowledge";
import { table } from "../../../contract/api/table";
import { pluginPath } from "../plugin/paths";
import type { LibraryKindType } from "./kinds";

/** An API answer as the commands need it (an ApiResult fits). */
type Outcome<T> = { ok: true; data: T } | { ok: false; error: { message: string } };
type Call<T> = (context: AppLoadContext, request: Request, id: number) => Promise<Outcome<T>>;

/**
 * The library's commands on one kind, through that kind's own endpoints: read the item (its name for the
 * toast), delete it, and copy it to a space (answering the copy's page). A kind joins the library's 删除 and
 * 复制到空间 by adding its entry here.
 */
export interface LibraryCommands {
  load: Call<{ name: string }>;
  remove: Call<unknown>;
  copy?: (
    context: AppLoadContext,
    request: Request,
    id: number,
    targetSpaceId: number,
  ) => Promise<Outcome<{ href: string }>>;
}

export const libraryCommands: Partial<Record<LibraryKindType, LibraryCommands>> = {
  Plugin: {
    load: (context, request, pluginId) => tryApiCall(context, request, endpoints.plugin.get, { params: { pluginId } }),
    remove: (context, request, pluginId) =>
      tryApiCall(context, request, endpoints.plugin.delete, { params: { pluginId } }),
    async copy(context, request, pluginId, targetSpaceId) {
      const plugin = await tryApiCall(context, request, endpoints.plugin.get, { params: { pluginId } });
      if (!plugin.ok) return plugin;
      const res = await tryApiCall(context, request, endpoints.plugin.copy, { params: { pluginId, targetSpaceId } });
      if (!res.ok) return res;
      return { ok: true, data: { href: pluginPath({ id: res.data, spaceId: targetSpaceId, type: plugin.data.type }) } };
    },
  },
  Knowledge: {
    load: (context, request, id) => tryApiCall(context, request, knowledge.detail, { query: { id } }),
    remove: (context, request, id) => tryApiCall(context, request, knowledge.delete, { query: { id } }),
  },
  Table: {
    async load(context, request, id) {
      const res = await tryApiCall(context, request, table.detail, { query: { id } });
      return res.ok ? { ok: true, data: { name: res.data.tableName } } : res;
    },
    remove: (context, request, id) => tryApiCall(context, request, table.delete, { params: { id } }),
  },
  Workflow: {
    load: (context, request, workflowId) =>
      tryApiCall(context, request, endpoints.workflow.get, { params: { workflowId } }),
    remove: (context, request, workflowId) =>
      tryApiCall(context, request, endpoints.workflow.delete, { params: { workflowId } }),
    async copy(context, request, workflowId, targetSpaceId) {
      const res = await tryApiCall(context, request, endpoints.workflow.copy, {
        params: { workflowId, targetSpaceId },
      });
      return res.ok ? { ok: true, data: { href: `/space/${targetSpaceId}/workflow/${res.data}` } } : res;
    },
  },
};
