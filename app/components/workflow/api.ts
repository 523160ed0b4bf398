import type { ChildNode, SaveWorkflowInput } from "#contract/api/workflow";

/** The editor's relays (app/routes/resources/workflow-*.ts). */
export const EDIT_URL = "/resources/workflow-edit";
export const RUN_URL = "/resources/workflow-test-run";

export interface Envelope<T> {
  code: string;
  message: string;
  data: T;
}

/** One per-node check of `/api/workflow/valid`. */
export interface NodeCheck {
  nodeId: number;
  success: boolean;
  messages: string[];
}

async function post<T>(op: string, body: unknown): Promise<Envelope<T>> {
  try {
    const res = await fetch(`${EDIT_URL}?op=${op}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return (await res.json()) as Envelope<T>;
  } catch {
    return { code: "5000", message: "网络错误，请检查网络后重试", data: null as T };
  }
}

export const saveGraph = (body: SaveWorkflowInput) => post<number | { editVersion?: number } | null>("save", body);

/**
 * The unload save: the browser sends it even as the page goes away. The JSON goes as text/plain: Chromium refuses
 * a beacon whose Blob type is not CORS-safelisted, and the relay parses the body whatever its type.
 */
export const beaconSave = (body: SaveWorkflowInput) =>
  navigator.sendBeacon(`${EDIT_URL}?op=save`, new Blob([JSON.stringify(body)], { type: "text/plain;charset=UTF-8" }));

export const addNode = (workflowId: number, editVersion: number, node: Record<string, unknown>) =>
  post<{ node: ChildNode; editVersion: number } | null>("add", {
    workflowId,
    editVersion,
    node: { workflowId, ...node },
  });

export const copyNode = (workflowId: number, editVersion: number, nodeId: number) =>
  post<{ node: ChildNode; editVersion: number } | null>("copy", { workflowId, editVersion, nodeId });

export const validate = (workflowId: number) => post<NodeCheck[] | null>("valid", { workflowId });

/** Node id → its problems, for the nodes that failed a check. */
export const problemsOf = (checks: readonly NodeCheck[]) =>
  new Map(checks.filter((c) => !c.success).map((c) => [c.nodeId, c.messages]));
