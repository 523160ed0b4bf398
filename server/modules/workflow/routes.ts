import { type Context, Hono } from "hono";
import type { ApiEnv } from "#server/api/context";
import { idParam, ok, parseWith, readBody, requireActor } from "#server/api/http";
import { refuseStream } from "#server/api/sse";
import { AppError, type Deps } from "#server/core";
import {
  addNodeInput,
  addWorkflowInput,
  nextIdsInput,
  nodeUpdatePaths,
  saveWorkflowInput,
  testExecuteInput,
  testNodeExecuteInput,
  testRunRequestIdParams,
  updateNodeInput,
  updateWorkflowInput,
} from "./contract";
import * as nodes from "./node-service";
import { previousNodes } from "./previous";
import { publishedWorkflow } from "./published-service";
import * as service from "./service";
import { stopTestRun, testExecute, testNodeExecute } from "./test-run";

async function refusingStream(c: Context<ApiEnv>, open: () => Promise<Response>) {
  try {
    return await open();
  } catch (err) {
    if (err instanceof AppError) return refuseStream(c, err);
    throw err;
  }
}

/** /api/workflow/*: a space's workflows, edited node by node or as a whole graph, and their test runs. */
export function workflowRoutes(deps: Deps) {
  const app = new Hono<ApiEnv>()
    .post("/add", async (c) =>
      ok(c, await service.addWorkflow(deps, requireActor(c), await readBody(c, addWorkflowInput))),
    )
    .post("/update", async (c) => {
      await service.updateWorkflow(deps, requireActor(c), await readBody(c, updateWorkflowInput));
      return ok(c, null);
    })
    .post("/save", async (c) =>
      ok(c, await nodes.saveWorkflow(deps, requireActor(c), await readBody(c, saveWorkflowInput))),
    )
    .post("/delete/:workflowId", async (c) => {
      const actor = requireActor(c);
      await service.deleteWorkflow(deps, actor, idParam(c, "workflowId"));
      return ok(c, null);
    })
    .post("/copy/:workflowId/:targetSpaceId", async (c) => {
      const actor = requireActor(c);
      return ok(c, await service.copyWorkflow(deps, actor, idParam(c, "workflowId"), idParam(c, "targetSpaceId")));
    })
    .get("/valid/:workflowId", async (c) => {
      const actor = requireActor(c);
      return ok(c, await service.validate(deps, actor, idParam(c, "workflowId")));
    })
    .get("/config/history/list/:workflowId", async (c) => {
      const actor = requireActor(c);
      return ok(c, await service.listHistory(deps, actor, idParam(c, "workflowId")));
    })
    .post("/restore/:historyId", async (c) => {
      const actor = requireActor(c);
      await service.restoreHistory(deps, actor, idParam(c, "historyId"));
      return ok(c, null);
    })
    .get("/node/list/:workflowId", async (c) => {
      const actor = requireActor(c);
      return ok(c, await nodes.listNodes(deps, actor, idParam(c, "workflowId")));
    })
    .get("/node/previous/:nodeId", async (c) => {
      const actor = requireActor(c);
      return ok(c, await previousNodes(deps, actor, idParam(c, "nodeId")));
    })
    .post("/node/add", async (c) => ok(c, await nodes.addNode(deps, requireActor(c), await readBody(c, addNodeInput))))
    .post("/node/copy/:nodeId", async (c) => {
      const actor = requireActor(c);
      return ok(c, await nodes.copyNode(deps, actor, idParam(c, "nodeId")));
    })
    .post("/node/delete/:nodeId", async (c) => {
      const actor = requireActor(c);
      await nodes.deleteNode(deps, actor, idParam(c, "nodeId"));
      return ok(c, null);
    })
    .post("/node/:nodeId/nextIds/update", async (c) => {
      const actor = requireActor(c);
      const nodeId = idParam(c, "nodeId");
      await nodes.updateNextIds(deps, actor, nodeId, await readBody(c, nextIdsInput));
      return ok(c, null);
    })
    // Refusals before a stream are HTTP errors with the envelope, so stream clients see a failed connection.
    .post("/test/execute", (c) =>
      refusingStream(c, async () => testExecute(deps, c, requireActor(c), await readBody(c, testExecuteInput))),
    )
    .post("/test/stop/:requestId", async (c) => {
      const actor = requireActor(c);
      const { requestId } = parseWith(testRunRequestIdParams, { requestId: c.req.param("requestId") });
      return ok(c, await stopTestRun(deps, actor, requestId));
    })
    .post("/test/node/execute", (c) =>
      refusingStream(c, async () => testNodeExecute(deps, c, requireActor(c), await readBody(c, testNodeExecuteInput))),
    );
  for (const path of nodeUpdatePaths) {
    app.post(path === "update" ? "/node/update" : `/node/${path}/update`, async (c) => {
      await nodes.updateNode(deps, requireActor(c), path, await readBody(c, updateNodeInput));
      return ok(c, null);
    });
  }
  // Registered last so the literal paths above win; POST-only words are kept out of the id patterns, so
  // `GET /api/workflow/add` is a wrong method (4050), not a bad id.
  app.get("/node/:nodeId{(?!add$|update$)[^/]+}", async (c) => {
    const actor = requireActor(c);
    return ok(c, await nodes.getNode(deps, actor, idParam(c, "nodeId")));
  });
  app.get("/:workflowId{(?!add$|update$|save$)[^/]+}", async (c) => {
    const actor = requireActor(c);
    return ok(c, await service.getWorkflow(deps, actor, idParam(c, "workflowId")));
  });
  return app;
}

/** /api/published/workflow/:workflowId: a published workflow as a square visitor or an agent's builder sees it. */
export function publishedWorkflowRoutes(deps: Deps) {
  return new Hono<ApiEnv>().get("/workflow/:workflowId", async (c) => {
    const actor = requireActor(c);
    return ok(c, await publishedWorkflow(deps, actor, idParam(c, "workflowId")));
  });
}
