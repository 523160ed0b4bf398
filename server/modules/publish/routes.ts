import { Hono } from "hono";
import { squarePluginListInput } from "#contract/api/plugin";
import type { ApiEnv } from "#server/api/context";
import { idParam, ok, readBody, requireActor } from "#server/api/http";
import type { Deps } from "#server/core";
import { requireSystemAdmin } from "#server/core";
import {
  agentApplyInput,
  applyInput,
  applyListInput,
  itemListInput,
  offShelfInput,
  publishedListInput,
  reasonInput,
  squareListInput,
  templateCopyInput,
} from "./contract";
import * as service from "./service";
import * as square from "./square-service";

/** /api/publish/*: apply, list a target's publications, take one off, copy a template. */
export function publishRoutes(deps: Deps) {
  return new Hono<ApiEnv>()
    .post("/apply", async (c) => {
      const actor = requireActor(c);
      const message = await service.apply(deps, actor, await readBody(c, applyInput));
      return ok(c, message, message);
    })
    .post("/item/list", async (c) => {
      const actor = requireActor(c);
      const input = await readBody(c, itemListInput);
      return ok(c, await service.listItems(deps, actor, input.targetType, input.targetId));
    })
    .post("/offShelf", async (c) => {
      const actor = requireActor(c);
      await service.offShelfByOwner(deps, actor, (await readBody(c, offShelfInput)).publishId);
      return ok(c, null);
    })
    .post("/template/copy", async (c) => {
      const actor = requireActor(c);
      const input = await readBody(c, templateCopyInput);
      const copy = await square.copyPublished(deps, actor, input.targetType, input.targetId, input.targetSpaceId);
      return ok(c, copy.id, copy.notice ? `复制成功；${copy.notice}` : "复制成功");
    });
}

/** /api/agent/publish/apply/{agentId}: the agent-only apply form. */
export function agentPublishRoutes(deps: Deps) {
  return new Hono<ApiEnv>().post("/apply/:agentId", async (c) => {
    const actor = requireActor(c);
    const message = await service.applyAgent(deps, actor, idParam(c, "agentId"), await readBody(c, agentApplyInput));
    return ok(c, message, message);
  });
}

/** /api/published/*: the square's lists (readable without signing in) and categories. */
export function squareRoutes(deps: Deps) {
  return new Hono<ApiEnv>()
    .post("/agent/list", async (c) =>
      ok(c, await square.squareAgents(deps, c.get("actor"), c.get("tenantId"), await readBody(c, squareListInput))),
    )
    .post("/plugin/list", async (c) =>
      ok(
        c,
        await square.squarePlugins(deps, c.get("actor"), c.get("tenantId"), await readBody(c, squarePluginListInput)),
      ),
    )
    .post("/workflow/list", async (c) =>
      ok(
        c,
        await square.squareWorkflows(deps, c.get("actor"), c.get("tenantId"), await readBody(c, squarePluginListInput)),
      ),
    )
    .get("/category/list", (c) => ok(c, square.categories()));
}

/** /api/system/publish/*: the audit queue and the published items, for system admins. */
export function systemPublishRoutes(deps: Deps) {
  const admin = (c: Parameters<typeof ok>[0]) => requireSystemAdmin(requireActor(c));
  return new Hono<ApiEnv>()
    .post("/apply/list", async (c) => {
      const actor = admin(c);
      return ok(c, await square.applyList(deps, actor, await readBody(c, applyListInput)));
    })
    .get("/apply/:applyId", async (c) => {
      const actor = admin(c);
      return ok(c, await square.getApply(deps, actor, idParam(c, "applyId")));
    })
    .post("/list", async (c) => {
      const actor = admin(c);
      return ok(c, await square.publishedList(deps, actor, await readBody(c, publishedListInput)));
    })
    .post("/reject/:applyId", async (c) => {
      const actor = admin(c);
      const applyId = idParam(c, "applyId");
      await service.rejectApply(deps, actor, applyId, (await readBody(c, reasonInput)).reason);
      return ok(c, null);
    })
    .post("/offShelf/:publishId", async (c) => {
      const actor = admin(c);
      const publishId = idParam(c, "publishId");
      await service.offShelfByAdmin(deps, actor, publishId, (await readBody(c, reasonInput)).reason);
      return ok(c, null);
    })
    .post("/:applyId", async (c) => {
      const actor = admin(c);
      await service.approveApply(deps, actor, idParam(c, "applyId"));
      return ok(c, null);
    });
}
