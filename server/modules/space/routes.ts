import { Hono } from "hono";
import type { ApiEnv } from "#server/api/context";
import { idParam, ok, readBody, requireActor } from "#server/api/http";
import type { Deps } from "#server/core";
import {
  addSpaceInput,
  memberAddInput,
  memberDeleteInput,
  memberListInput,
  memberRoleInput,
  transferInput,
  updateSpaceInput,
} from "./contract";
import * as service from "./service";

export function spaceRoutes(deps: Deps) {
  return new Hono<ApiEnv>()
    .post("/add", async (c) => {
      const actor = requireActor(c);
      return ok(c, await service.addSpace(deps, actor, await readBody(c, addSpaceInput)));
    })
    .get("/list", async (c) => ok(c, await service.listSpaces(deps, requireActor(c))))
    .get("/get/:spaceId", async (c) => {
      const actor = requireActor(c);
      return ok(c, await service.getSpace(deps, actor, idParam(c, "spaceId")));
    })
    .post("/update", async (c) => {
      const actor = requireActor(c);
      await service.updateSpace(deps, actor, await readBody(c, updateSpaceInput));
      return ok(c, null);
    })
    .post("/delete/:spaceId", async (c) => {
      const actor = requireActor(c);
      await service.deleteSpace(deps, actor, idParam(c, "spaceId"));
      return ok(c, null);
    })
    .post("/transfer", async (c) => {
      const actor = requireActor(c);
      await service.transferSpace(deps, actor, await readBody(c, transferInput));
      return ok(c, null);
    })
    .post("/user/add", async (c) => {
      const actor = requireActor(c);
      await service.addMembers(deps, actor, await readBody(c, memberAddInput));
      return ok(c, null);
    })
    .post("/user/list", async (c) => {
      const actor = requireActor(c);
      return ok(c, await service.listMembers(deps, actor, await readBody(c, memberListInput)));
    })
    .post("/user/role/update", async (c) => {
      const actor = requireActor(c);
      await service.updateMemberRole(deps, actor, await readBody(c, memberRoleInput));
      return ok(c, null);
    })
    .post("/user/delete", async (c) => {
      const actor = requireActor(c);
      await service.removeMember(deps, actor, await readBody(c, memberDeleteInput));
      return ok(c, null);
    });
}
