import { urlOf } from "#contract/api/endpoint";
import { table } from "#contract/api/table";
import { forwardBodyToApi } from "../lib/relay.server";
import type { Route } from "./+types/table-import";
import { tableIdParam } from "./table-detail.server";

/**
 * POST multipart `file`: streams the upload on to the table's importExcel, so the browser's XHR can show upload
 * progress; the answer is the API's envelope (the import report, or the refusal with it) as it is.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const tableId = tableIdParam(params.tableId);
  return forwardBodyToApi(context, request, urlOf(table.importExcel, { params: { tableId } }));
}
