import { type AppLoadContext, data, redirect } from "react-router";
import type { NodeCheck } from "#app/components/workflow/api";
import { readParams } from "#app/components/workflow/run-panel";
import { idle, type Question, type RunState, withNodeEvent } from "#app/components/workflow/use-test-run";
import { workflowPath } from "#app/components/workflow/workflow-header";
import { apiCall, tryApiCall } from "#app/lib/api-call.server";
import { postJsonToApi } from "#app/lib/relay.server";
import { readJsonStream } from "#app/lib/sse";
import { redirectWithToast } from "#app/lib/toast.server";
import { idParam, pathOf, spaceIdParam } from "#app/lib/url";
import { endpoints } from "#contract/api";
import { nodeEventDataSchema, workflowExecutingFrameSchema } from "#contract/api/workflow";
import type { Arg } from "#contract/args";

export const workflowIdParam = (value: string | undefined) => idParam(value, "工作流不存在");

/** The workflow and, with ?history, its history; an address of another space redirects to the right one. */
export async function loadWorkflow(
  context: AppLoadContext,
  request: Request,
  params: { spaceId?: string; workflowId?: string },
) {
  const spaceId = spaceIdParam(params.spaceId);
  const workflowId = workflowIdParam(params.workflowId);
  const url = new URL(request.url);
  const workflow = await apiCall(context, request, endpoints.workflow.get, { params: { workflowId } });
  if (workflow.spaceId !== spaceId) throw redirect(`${workflowPath(workflow)}${url.search}`);
  const showHistory = url.searchParams.has("history");
  const history = showHistory
    ? await apiCall(context, request, endpoints.workflow.history, { params: { workflowId } })
    : [];
  return { workflow, history, showHistory, search: url.search, generation: url.searchParams.get("v") ?? "" };
}

/** A run as the page without JavaScript shows it: the whole stream read on the server. */
export interface RunReply {
  intent: "run";
  params: Record<string, unknown>;
  requestId: string;
  run: RunState;
  checks: NodeCheck[] | null;
}

/** Reads a test run's stream to its end (or its QA pause) into the same state the canvas builds. */
async function runToEnd(context: AppLoadContext, request: Request, body: Record<string, unknown>) {
  const res = await postJsonToApi(context, request, endpoints.workflow.testExecute, body);
  let run: RunState = { ...idle, phase: "running" };
  let checks: NodeCheck[] | null = null;
  if (!res.ok || !res.body || !res.headers.get("content-type")?.includes("event-stream")) {
    const envelope = (await res.json().catch(() => null)) as { message?: string } | null;
    return { run: { ...run, phase: "failed" as const, error: envelope?.message ?? "试运行失败" }, checks };
  }
  await readJsonStream(res.body, workflowExecutingFrameSchema, (frame) => {
    if (frame.complete) {
      if (!frame.success && Array.isArray(frame.data)) checks = frame.data as NodeCheck[];
      const { success, data: output, message, costTime } = frame;
      run = { ...run, phase: success ? "done" : "failed", final: { success, data: output, message, costTime } };
      return true;
    }
    const event = nodeEventDataSchema.safeParse(frame.data);
    if (!event.success) return undefined;
    run = withNodeEvent(run, event.data);
    if (event.data.status !== "STOP_WAIT_ANSWER") return undefined;
    const asked = (event.data.result.data ?? {}) as Partial<Question>;
    run = {
      ...run,
      phase: "waiting",
      question: {
        nodeId: event.data.nodeId,
        question: String(asked.question ?? ""),
        answerType: String(asked.answerType ?? "TEXT"),
        options: Array.isArray(asked.options) ? asked.options : [],
      },
    };
    return true;
  });
  return { run, checks };
}

const jsonObject = (text: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** The page's forms: 运行 and a QA answer (without JavaScript), 恢复 from the history drawer. */
export async function workflowAction(
  context: AppLoadContext,
  request: Request,
  params: { spaceId?: string; workflowId?: string },
) {
  const workflowId = workflowIdParam(params.workflowId);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (intent === "run" || intent === "answer") {
    const workflow = await apiCall(context, request, endpoints.workflow.get, { params: { workflowId } });
    const read =
      intent === "run"
        ? readParams(formData, workflow.inputArgs as Arg[])
        : { params: jsonObject(String(formData.get("params") ?? "{}")) };
    const requestId = intent === "run" ? crypto.randomUUID() : String(formData.get("requestId") ?? "");
    if ("error" in read) {
      return {
        intent: "run",
        params: {},
        requestId,
        run: { ...idle, phase: "failed", error: read.error },
        checks: null,
      } satisfies RunReply;
    }
    const answer = intent === "answer" ? String(formData.get("answer") ?? "").trim() : undefined;
    const { run, checks } = await runToEnd(context, request, { workflowId, requestId, params: read.params, answer });
    return { intent: "run", params: read.params, requestId, run, checks } satisfies RunReply;
  }
  if (intent === "restore") {
    const historyId = Number(formData.get("historyId"));
    if (!Number.isSafeInteger(historyId) || historyId <= 0)
      throw data({ code: "4000", message: "参数错误", tid: "" }, { status: 400 });
    const res = await tryApiCall(context, request, endpoints.workflow.restore, { params: { historyId } });
    if (!res.ok) return redirectWithToast(context, pathOf(request), { type: "error", message: res.error.message });
    // A new `v` starts the canvas over from the restored graph.
    const back = `${pathOf(request, ["history", "v"])}`;
    const url = new URL(back, request.url);
    url.searchParams.set("v", String(historyId));
    return redirectWithToast(context, url.pathname + url.search, { type: "success", message: "已恢复到所选版本" });
  }
  throw data({ code: "4000", message: "未知的操作", tid: "" }, { status: 400 });
}
