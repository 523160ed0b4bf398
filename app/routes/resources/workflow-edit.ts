import { apiEnvelope, tryApiCall } from "#app/lib/api-call.server";
import { badRequest, postJsonToApi, readJsonBody } from "#app/lib/relay.server";
import { endpoints } from "#contract/api";
import type { Route } from "./+types/workflow-edit";

const positive = (value: unknown) => (Number.isSafeInteger(value) && (value as number) > 0 ? (value as number) : null);

/**
 * The workflow editor's calls, relayed for the browser (`?op=`): `save` (the whole graph; also the unload
 * beacon), `add` and `copy` (a node is created on the server first, the save accepts only known ids), `valid`.
 * add/copy answer `{node, editVersion}`: the version after the change when it was ours alone (one step past the
 * editor's), else the editor's own, so its next save meets the conflict and asks before overwriting.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const op = new URL(request.url).searchParams.get("op");
  const body = await readJsonBody(request);
  if (!body) return badRequest();
  if (op === "save") return postJsonToApi(context, request, endpoints.workflow.save, body);
  const workflowId = positive(body.workflowId);
  if (!workflowId) return badRequest("缺少工作流");
  if (op === "valid")
    return apiEnvelope(context, request, endpoints.workflow.valid, { params: { workflowId } }).then(({ envelope }) =>
      Response.json(envelope),
    );
  if (op !== "add" && op !== "copy") return badRequest("未知的操作");
  const editVersion = Number(body.editVersion);
  const res =
    op === "add"
      ? await tryApiCall(context, request, endpoints.workflow.nodeAdd, { body: body.node as never })
      : await tryApiCall(context, request, endpoints.workflow.nodeCopy, {
          params: { nodeId: positive(body.nodeId) ?? 0 },
        });
  if (!res.ok) return Response.json({ code: res.error.code, message: res.error.message, data: null });
  const after = await tryApiCall(context, request, endpoints.workflow.get, { params: { workflowId } });
  const mine = after.ok && after.data.editVersion === editVersion + 1;
  return Response.json({
    code: "0000",
    message: "",
    data: { node: res.data, editVersion: mine ? editVersion + 1 : editVersion },
  });
}
