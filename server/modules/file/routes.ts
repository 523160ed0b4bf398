import { Hono } from "hono";
import { file } from "#contract/api/file";
import type { ApiEnv } from "#server/api/context";
import { ok, readQuery, requireActor } from "#server/api/http";
import type { Deps } from "#server/core";
import { AppError, Codes, fail } from "#server/core";
import { CHAT_KEY_RE } from "../tempchat/contract";
import { linkSession } from "../tempchat/service";
import { proxyImage } from "./image-proxy";
import { acceptUpload, openDownload } from "./service";

export function fileRoutes(deps: Deps) {
  return new Hono<ApiEnv>()
    .post("/upload", async (c) => {
      // Who uploads is settled before a byte of the body is read: the signed-in user, or — for people on a
      // temporary link, named by `?chatKey=` — the link's session, counted against the link's own quota.
      let actor = c.get("actor");
      let linkId: number | null = null;
      const chatKey = c.req.query("chatKey");
      if (!actor && chatKey && CHAT_KEY_RE.test(chatKey)) {
        const session = await linkSession(deps, chatKey, null);
        // A link's visitors upload only to attach files, which an agent with 文件盒 off does not take.
        if (session.agent.openFileBox !== "Open") throw fail("该智能体未开启文件盒，不能上传文件");
        actor = session.runAs;
        linkId = session.link.id;
      }
      if (!actor) actor = requireActor(c);
      return ok(c, await acceptUpload(deps, c.req.raw, actor.tenantId, { userId: actor.userId, linkId }));
    })
    .get("/download/:key", async (c) => {
      const exp = Number(c.req.query("exp"));
      const sig = c.req.query("sig") ?? "";
      try {
        return await openDownload(deps, c.req.param("key"), exp, sig);
      } catch (err) {
        if (err instanceof AppError && err.code === Codes.BUSINESS) throw new AppError(Codes.FORBIDDEN, err.message);
        throw err;
      }
    })
    .get("/image", async (c) => {
      // No sign-in: agent icons, avatars and the tenant's logo also show to visitors (the square, the login
      // page, temporary chat links). The guard, the raster-only rule, the size cap and the per-address limit
      // are what keep it from being an open relay.
      const { url } = readQuery(c, file.image.query);
      return proxyImage(deps, url, c.get("ip"));
    });
}
