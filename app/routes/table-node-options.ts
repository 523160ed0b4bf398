import { tryApiCall } from "#app/lib/api-call.server";
import { badRequest, postJsonToApi, readJsonBody, relayStream } from "#app/lib/relay.server";
import { idParam } from "#app/lib/url";
import { endpoints } from "#contract/api";
import type { TableNodeOptions } from "../components/table/node-options";
import type { Route } from "./+types/table-node-options";

/**
 * The workflow editor's table nodes: GET lists the space's data tables (and with `tableId` that table's custom
 * fields); POST relays the SQL assistant's stream (/api/assistant/sql/optimize) for the SQL自定义 node.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const spaceId = idParam(url.searchParams.get("spaceId") ?? "", "空间不存在");
  const tableId = Number(url.searchParams.get("tableId"));
  const [list, detail] = await Promise.all([
    tryApiCall(context, request, endpoints.table.list, {
      body: { queryFilter: { spaceId }, current: 1, pageSize: 1000 },
    }),
    tableId > 0 ? tryApiCall(context, request, endpoints.table.detail, { query: { id: tableId } }) : null,
  ]);
  const options: TableNodeOptions = {
    tables: list.ok ? list.data.map((t) => ({ id: t.id, name: t.tableName })) : [],
    fields:
      detail?.ok && detail.data.spaceId === spaceId
        ? detail.data.fieldList
            .filter((f) => !f.systemFieldFlag)
            .map((f) => ({ name: f.fieldName, description: f.fieldDescription, fieldType: f.fieldType }))
        : [],
  };
  return Response.json(options, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readJsonBody(request);
  if (!body) return badRequest();
  return relayStream(await postJsonToApi(context, request, endpoints.assistant.sqlOptimize, body));
}
