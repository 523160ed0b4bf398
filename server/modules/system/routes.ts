import { Hono } from "hono";
import type { ApiEnv } from "#server/api/context";
import { idParam, ok, readBody, requireActor } from "#server/api/http";
import type { Deps } from "#server/core";
import { requireSystemAdmin } from "#server/core";
import { sendMessageInput } from "../notify/contract";
import { sendMessage } from "../notify/service";
import * as config from "./config-service";
import { configInput, userAddInput, userListInput, userUpdateInput } from "./contract";
import * as users from "./user-service";

/** /api/system/user/* and /api/system/config/*: system administrators only (4030 for everyone else). */
export function systemRoutes(deps: Deps) {
  const admin = (c: Parameters<typeof ok>[0]) => requireSystemAdmin(requireActor(c));
  const status = (s: "Enabled" | "Disabled" | "Deleted") => async (c: Parameters<typeof ok>[0]) => {
    const actor = admin(c);
    await users.setUserStatus(deps, actor, idParam(c, "id"), s);
    return ok(c, null);
  };
  const saveConfig = async (c: Parameters<typeof ok>[0]) => {
    const actor = admin(c);
    await config.saveConfig(deps, actor, await readBody(c, configInput));
    return ok(c, null, "保存成功");
  };
  return new Hono<ApiEnv>()
    .post("/user/list", async (c) => {
      const actor = admin(c);
      return ok(c, await users.listUsers(deps, actor, await readBody(c, userListInput)));
    })
    .post("/user/add", async (c) => {
      const actor = admin(c);
      return ok(c, await users.addUser(deps, actor, await readBody(c, userAddInput)));
    })
    .post("/user/updateById/:id", async (c) => {
      const actor = admin(c);
      await users.updateUser(deps, actor, idParam(c, "id"), await readBody(c, userUpdateInput));
      return ok(c, null);
    })
    .post("/user/enable/:id", status("Enabled"))
    .post("/user/disable/:id", status("Disabled"))
    .post("/user/delete/:id", status("Deleted"))
    .post("/user/notify/message/send", async (c) => {
      const actor = admin(c);
      await sendMessage(deps, actor, await readBody(c, sendMessageInput));
      return ok(c, null, "发送成功");
    })
    .post("/config/list", async (c) => ok(c, await config.listConfig(deps, admin(c))))
    .post("/config/add", saveConfig)
    .post("/config/save", saveConfig);
}
