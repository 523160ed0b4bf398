import { argSchema } from "../args";
import { componentPermissions } from "../components";
import { historyKinds, publishScopes, publishStatuses } from "../enums";
import { pageSchema } from "../page";
import { safeUrl } from "../safe-url";
import { nodeKinds, nodeTypes } from "../workflow-nodes";
import { flag01, id, shortText, z } from "../zod";
import { endpoint, nothing } from "./endpoint";
import { squarePluginListInput } from "./plugin";
import { creatorInfoSchema, statisticsSchema } from "./views";

/**
 * /api/workflow/* (reference original-frontend.md §1.13 and §3, original-backend.md §6).
 *
 * Storage: a workflow's graph is ONE jsonb document (a flat node list, loop children carrying `loopNodeId`,
 * plus the Start/End ids) with an `editVersion` counter. Both editing styles work on that one document: each
 * per-node call (node/add, node/copy, node/delete, nextIds/update, node/<kind>/update) reads it under a row
 * lock, changes one node and writes it back with editVersion + 1; the whole-graph save replaces it. Node ids
 * come from one database sequence, so a node id names one node of one workflow (the node endpoints take only
 * the node id); the workflow row lists its node ids for that lookup.
 *
 * Where the reference is silent:
 * - The save accepts only ids of the workflow's own nodes (new nodes are created with node/add first); an
 *   unknown id is a 4000 naming `workflowConfig.nodes`. A stale `editVersion` answers 0001 with the message
 *   「工作流已被其他人修改…」 and `data: {editVersion}` (the current version) unless `forceCommit: 1`.
 * - `node/<kind>/update` must match the node's type (the generic `node/update` serves the types with no path
 *   of their own); a mismatch is a 4000 naming `nodeId`. `nodeConfig` is checked with the kind's schema from
 *   contract/workflow-nodes.ts.
 * - Deleting a node also removes it from every `nextNodeIds`, branch and exception-handler list; deleting a
 *   Loop removes its body. Start, End, LoopStart and LoopEnd cannot be deleted or copied.
 * - Copying (a workflow, a node, a square template) gives every node a new id and rewrites every id inside:
 *   edges, branch targets, loop links and references `<id>.<path>` / `<id>-input.` / `<id>-var.`.
 * - History: every change is an entry in config_history (target type Workflow) holding the whole workflow;
 *   restore writes it back as a new Edit entry (the restore itself can be undone). Autosaves coalesce: a
 *   whole-graph save, or a node form / link update, like the latest entry (same kind, same person, that entry
 *   begun under 10 minutes ago) rewrites that entry's snapshot instead of adding one.
 * - Test run and QA: `test/execute` streams `WorkflowExecutingDto` frames (§3.6). A QA node ends the stream with
 *   its STOP_WAIT_ANSWER event and the run's state is stored under (workflowId, requestId); posting the same
 *   body again with `answer` resumes it (a requestId with no stored pause and an answer is a 4000 naming
 *   `requestId`). A graph that fails validation streams one final frame with success false and `data` the
 *   per-node messages ({nodeId, success, messages}[]). Refusals before the stream (no token, no access, bad
 *   body) are HTTP 401/403/404/400 with the envelope.
 */

const workflowName = z.string().trim().min(1, "不能为空").max(64, "最多 64 个字符");
const extension = z.object({ size: z.number().min(0.1).max(10).optional() }).passthrough();
const position = z
  .object({
    x: z.number().finite(),
    y: z.number().finite(),
    width: z.number().finite().nonnegative().optional(),
    height: z.number().finite().nonnegative().optional(),
  })
  .passthrough();
const nodeIds = z.array(id()).max(200, "最多 200 个");

/** Node types a user may add (the palette's); Start/End come with the workflow, loop internals with a Loop. */
export const addableNodeTypes = nodeTypes.filter((t) => nodeKinds[t].group !== null);
const nodeTypeSchema = z.enum(nodeTypes, { error: "不是支持的节点类型" });

export const addWorkflowInput = z.object({
  spaceId: id(),
  name: workflowName,
  description: shortText(500).default(""),
  icon: safeUrl().default(""),
});

export const updateWorkflowInput = z.object({
  id: id(),
  name: workflowName.optional(),
  description: shortText(500).optional(),
  icon: safeUrl().optional(),
  extension: extension.optional(),
});

export const addNodeInput = z.object({
  workflowId: id(),
  type: z.enum(addableNodeTypes, { error: "不是可以添加的节点类型" }),
  loopNodeId: id().nullish(),
  typeId: id().nullish(),
  extension: position.optional(),
  nodeConfigDto: z
    .object({
      knowledgeBaseConfigs: z.array(z.record(z.string(), z.unknown())).max(50).nullish(),
      toolName: shortText(128).nullish(),
      mcpId: id().nullish(),
    })
    .passthrough()
    .nullish(),
});

/** `nodeConfig` is checked against the node's kind on the server (the body alone does not say the kind). */
export const updateNodeInput = z.object({
  nodeId: id(),
  name: shortText(64).pipe(z.string().min(1, "不能为空")).optional(),
  description: shortText(500).nullish(),
  nodeConfig: z.record(z.string(), z.unknown()),
  innerStartNodeId: id().nullish(),
  innerEndNodeId: id().nullish(),
});

/** The bare array the original client posts: the complete new `nextNodeIds` of the source node. */
export const nextIdsInput = nodeIds;

/** A node as the editor sends it in a whole-graph save; display-only fields (preNodes, runResults…) are ignored. */
export interface NodeInput {
  id: number;
  name: string;
  description?: string | null;
  type: (typeof nodeTypes)[number];
  nodeConfig: Record<string, unknown>;
  nextNodeIds?: number[] | null;
  loopNodeId?: number | null;
  innerStartNodeId?: number | null;
  innerEndNodeId?: number | null;
  typeId?: number | null;
  innerNodes?: NodeInput[] | null;
}
export const nodeInputSchema: z.ZodType<NodeInput> = z.lazy(() =>
  z.object({
    id: id(),
    name: shortText(64).pipe(z.string().min(1, "不能为空")),
    description: shortText(500).nullish(),
    type: nodeTypeSchema,
    nodeConfig: z.record(z.string(), z.unknown()),
    nextNodeIds: nodeIds.nullish(),
    loopNodeId: id().nullish(),
    innerStartNodeId: id().nullish(),
    innerEndNodeId: id().nullish(),
    typeId: id().nullish(),
    innerNodes: z.array(nodeInputSchema).max(1000).nullish(),
  }),
);

export const saveWorkflowInput = z.object({
  workflowConfig: z.object({
    id: id(),
    name: workflowName.optional(),
    description: shortText(500).optional(),
    icon: safeUrl().optional(),
    extension: extension.nullish(),
    editVersion: z.number().int().nonnegative().nullish(),
    forceCommit: flag01.nullish(),
    startNode: nodeInputSchema.nullish(),
    endNode: nodeInputSchema.nullish(),
    nodes: z.array(nodeInputSchema).max(2000, "最多 2000 个节点"),
  }),
});

const params = z.record(z.string().max(64), z.unknown());
const testRequestId = z.string().trim().min(1, "不能为空").max(64, "最多 64 个字符");
export const testExecuteInput = z.object({
  workflowId: id(),
  requestId: testRequestId,
  params: params.nullish(),
  /** The answer to the question of a QA node that paused this requestId's run. */
  answer: z.string().max(10_000, "最多 10000 个字符").nullish(),
});

/**
 * `test/node/execute`: one node run alone. `params` gives, by argument name, the value of every argument the node
 * binds to a reference; its frames are those of test/execute with only that node's events, and the final
 * frame's `data` is the node's output. Nodes whose kind has no test run (branches, loops, QA, Output, Variable…)
 * are refused before the stream (HTTP 400, code 0001, naming the node's kind).
 */
export const testNodeExecuteInput = z.object({
  nodeId: id(),
  requestId: testRequestId.nullish(),
  params: params.nullish(),
});

/**
 * Runs are durable and stoppable: every test run (and node run) has a record in workflow_run — status, params,
 * outcome — and one workflow_node_result row per finished/failed/waiting node execution, written in batches
 * once a second for all running runs of the instance. `POST test/stop/{requestId}` sets the stop flag of the
 * caller's running run under that requestId (data: whether one was running); the instance running it stops
 * it within a second, its stream ends with a failed final frame 「运行已停止」. Closing the stream (the
 * original client aborts its request) stops the run too. A QA pause is kept in the database and resumes on
 * any instance, also after a restart. Guards: 20 000 node executions and 10 minutes per test run, 4 million
 * JSON characters per node output, 1 million per variable written.
 */
export const testRunRequestIdParams = z.object({ requestId: testRequestId });

export type AddWorkflowInput = z.infer<typeof addWorkflowInput>;
export type UpdateWorkflowInput = z.infer<typeof updateWorkflowInput>;
export type AddNodeInput = z.infer<typeof addNodeInput>;
export type UpdateNodeInput = z.infer<typeof updateNodeInput>;
export type SaveWorkflowInput = z.infer<typeof saveWorkflowInput>;
export type TestExecuteInput = z.infer<typeof testExecuteInput>;
export type TestNodeExecuteInput = z.infer<typeof testNodeExecuteInput>;

export const workflowPermissions = componentPermissions;
export type WorkflowPermission = (typeof workflowPermissions)[number];

const date = z.iso.datetime({ offset: true });
const nodeBrief = z.object({ id: z.number().int(), name: z.string(), type: nodeTypeSchema, icon: z.string() });

/** `ChildNode` (§3.2): loop children sit in their Loop's `innerNodes`. */
export interface ChildNode {
  id: number;
  name: string;
  description: string;
  workflowId: number;
  type: (typeof nodeTypes)[number];
  nodeConfig: Record<string, unknown>;
  nextNodeIds: number[];
  preNodes: z.infer<typeof nodeBrief>[];
  nextNodes: z.infer<typeof nodeBrief>[];
  loopNodeId: number | null;
  innerNodes?: ChildNode[];
  innerStartNodeId?: number | null;
  innerEndNodeId?: number | null;
  typeId: number | null;
  icon: string;
  created: string;
  modified: string;
}
export const childNodeSchema: z.ZodType<ChildNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    workflowId: z.number().int(),
    type: nodeTypeSchema,
    nodeConfig: z.record(z.string(), z.unknown()),
    nextNodeIds: z.array(z.number().int()),
    preNodes: z.array(nodeBrief),
    nextNodes: z.array(nodeBrief),
    loopNodeId: z.number().int().nullable(),
    innerNodes: z.array(childNodeSchema).optional(),
    innerStartNodeId: z.number().int().nullable().optional(),
    innerEndNodeId: z.number().int().nullable().optional(),
    typeId: z.number().int().nullable(),
    icon: z.string(),
    created: date,
    modified: date,
  }),
);

/** `IgetDetails`: the workflow with its whole graph. */
export const workflowDetailSchema = z.object({
  id: z.number().int(),
  spaceId: z.number().int(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  creatorId: z.number().int(),
  creator: creatorInfoSchema,
  created: date,
  modified: date,
  publishStatus: z.enum(publishStatuses),
  publishDate: date.nullable(),
  scope: z.enum(publishScopes).nullable(),
  category: z.string().nullable(),
  permissions: z.array(z.enum(workflowPermissions)),
  extension: z.record(z.string(), z.unknown()),
  editVersion: z.number().int(),
  inputArgs: z.array(argSchema),
  outputArgs: z.array(argSchema),
  startNode: childNodeSchema,
  endNode: childNodeSchema,
  nodes: z.array(childNodeSchema),
});
export type WorkflowDetail = z.infer<typeof workflowDetailSchema>;

export const nodeCheckSchema = z.object({
  nodeId: z.number().int(),
  success: z.boolean(),
  messages: z.array(z.string()),
});

export const workflowHistorySchema = z.object({
  id: z.number().int(),
  targetType: z.literal("Workflow"),
  targetId: z.number().int(),
  type: z.enum(historyKinds),
  config: z.record(z.string(), z.unknown()),
  description: z.string(),
  opUser: creatorInfoSchema,
  created: date,
  modified: date,
});

/** `NodeExecuteResult` (§3.6). */
export const nodeExecuteResultSchema = z.object({
  nodeId: z.number().int(),
  nodeName: z.string(),
  success: z.boolean(),
  error: z.string().nullable(),
  input: z.record(z.string(), z.unknown()),
  data: z.record(z.string(), z.unknown()).nullable(),
  startTime: z.number(),
  endTime: z.number().nullable(),
  loopIndex: z.array(z.number().int()).optional(),
});

/**
 * One frame of the test-run stream (`WorkflowExecutingDto`). Node frames: `complete` false, `data` = {nodeId,
 * name, status, result}. Heart-beat: `complete` false, `success` false, `data` {}. Final: `complete` true,
 * `data` = the End node's output (plus `outputContent` for an End of type TEXT), or the validation messages.
 */
export const workflowExecutingFrameSchema = z.object({
  success: z.boolean(),
  code: z.enum(["0000", "0001"]),
  message: z.string().nullable(),
  requestId: z.string(),
  data: z.unknown(),
  nodeExecuteResultMap: z.record(z.string(), nodeExecuteResultSchema).nullable(),
  costTime: z.number(),
  complete: z.boolean(),
});
export const nodeEventDataSchema = z.object({
  nodeId: z.number().int(),
  name: z.string(),
  status: z.enum(["EXECUTING", "FINISHED", "FAILED", "STOP_WAIT_ANSWER"]),
  result: nodeExecuteResultSchema,
});

const previousList = z.object({
  id: z.number().int(),
  name: z.string(),
  type: nodeTypeSchema,
  icon: z.string(),
  outputArgs: z.array(argSchema),
});
/** `node/previous/{id}`: what a node's arguments may reference, and every reference key's definition. */
export const previousNodesSchema = z.object({
  previousNodes: z.array(previousList),
  innerPreviousNodes: z.array(previousList),
  argMap: z.record(z.string(), argSchema),
});

/** A workflow card of the square. */
export const squareWorkflowSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  spaceId: z.number().int(),
  targetType: z.literal("Workflow"),
  targetId: z.number().int(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  remark: z.string(),
  scope: z.enum(publishScopes),
  category: z.string(),
  allowCopy: z.number().int(),
  statistics: statisticsSchema,
  /** The reader's favourite (false for visitors). */
  collect: z.boolean(),
  /** The original's square item names it for every kind; only a plugin has one. */
  pluginType: z.null(),
  publishUser: creatorInfoSchema,
  created: date,
  modified: date,
});

/** A published workflow as the square and the agent editor's picker show it (PublishWorkflowInfo). */
export const publishedWorkflowSchema = z.object({
  id: z.number().int(),
  spaceId: z.number().int(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  remark: z.string(),
  category: z.string(),
  scope: z.enum(publishScopes),
  allowCopy: z.number().int(),
  inputArgs: z.array(argSchema),
  outputArgs: z.array(argSchema),
  /** JSON text: what the End node's outputs look like, each by its type. */
  sampleOutput: z.string(),
  statistics: statisticsSchema,
  collect: z.boolean(),
  publishUser: creatorInfoSchema,
  publishDate: date,
  /** When this publication went live. */
  created: date,
});

/** `node/<kind>/update` paths: every kind's own path, and the generic one for kinds without. */
export const nodeUpdatePaths = [...new Set(Object.values(nodeKinds).map((k) => k.updatePath ?? "update"))];

const nodeUpdate = (path: string) =>
  endpoint({
    method: "POST",
    path: path === "update" ? "/api/workflow/node/update" : `/api/workflow/node/${path}/update`,
    body: updateNodeInput,
    response: nothing,
  });

export const workflow = {
  add: endpoint({ method: "POST", path: "/api/workflow/add", body: addWorkflowInput, response: z.number().int() }),
  update: endpoint({ method: "POST", path: "/api/workflow/update", body: updateWorkflowInput, response: nothing }),
  save: endpoint({ method: "POST", path: "/api/workflow/save", body: saveWorkflowInput, response: z.number().int() }),
  delete: endpoint({ method: "POST", path: "/api/workflow/delete/:workflowId", response: nothing }),
  copy: endpoint({
    method: "POST",
    path: "/api/workflow/copy/:workflowId/:targetSpaceId",
    response: z.number().int(),
  }),
  valid: endpoint({ method: "GET", path: "/api/workflow/valid/:workflowId", response: z.array(nodeCheckSchema) }),
  history: endpoint({
    method: "GET",
    path: "/api/workflow/config/history/list/:workflowId",
    response: z.array(workflowHistorySchema),
  }),
  restore: endpoint({ method: "POST", path: "/api/workflow/restore/:historyId", response: nothing }),
  nodeList: endpoint({
    method: "GET",
    path: "/api/workflow/node/list/:workflowId",
    response: z.array(childNodeSchema),
  }),
  nodeAdd: endpoint({ method: "POST", path: "/api/workflow/node/add", body: addNodeInput, response: childNodeSchema }),
  previous: endpoint({
    method: "GET",
    path: "/api/workflow/node/previous/:nodeId",
    response: previousNodesSchema,
  }),
  nodeCopy: endpoint({ method: "POST", path: "/api/workflow/node/copy/:nodeId", response: childNodeSchema }),
  nodeDelete: endpoint({ method: "POST", path: "/api/workflow/node/delete/:nodeId", response: nothing }),
  nextIds: endpoint({
    method: "POST",
    path: "/api/workflow/node/:nodeId/nextIds/update",
    body: nextIdsInput,
    response: nothing,
  }),
  ...Object.fromEntries(nodeUpdatePaths.map((p) => [`nodeUpdate_${p}`, nodeUpdate(p)])),
  testExecute: endpoint({ method: "POST", path: "/api/workflow/test/execute", body: testExecuteInput, stream: true }),
  testStop: endpoint({
    method: "POST",
    path: "/api/workflow/test/stop/:requestId",
    params: testRunRequestIdParams,
    response: z.boolean(),
  }),
  testNodeExecute: endpoint({
    method: "POST",
    path: "/api/workflow/test/node/execute",
    body: testNodeExecuteInput,
    stream: true,
  }),
  squareList: endpoint({
    method: "POST",
    path: "/api/published/workflow/list",
    body: squarePluginListInput,
    response: pageSchema(squareWorkflowSchema),
  }),
  published: endpoint({
    method: "GET",
    path: "/api/published/workflow/:workflowId",
    response: publishedWorkflowSchema,
  }),
  /** Registered after the literal paths on the server. */
  node: endpoint({ method: "GET", path: "/api/workflow/node/:nodeId", response: childNodeSchema }),
  get: endpoint({ method: "GET", path: "/api/workflow/:workflowId", response: workflowDetailSchema }),
};
