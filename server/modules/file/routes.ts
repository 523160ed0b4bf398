import { Hono } from "hono";
import type { ApiEnv, Deps } from "../../api/context";
import { AppError, badInput, Codes } from "../../api/envelope";
import { ok, requireActor } from "../../api/http";
import { CHAT_KEY_RE } from "../tempchat/contract";
import { linkSession } from "../tempchat/service";
import { openDownload, saveUpload } from "./service";

/** Multipart bodies are capped before parsing; the per-tenant limit is checked after. */
const MULTIPART_LIMIT = 101 * 1024 * 1024;

export function fileRoutes(deps: Deps) {
  return new Hono<ApiEnv>()
    .post("/upload", async (c) => {
      const declared = Number(c.req.header("content-length"));
      if (Number.isFinite(declared) && declared > MULTIPART_LIMIT) throw badInput("参数 'file' 文件过大");
      let form: FormData;
      try {
        form = await c.req.formData();
      } catch {
        throw badInput("请求体必须是 multipart/form-data");
      }
      const file = form.get("file");
      if (!(file instanceof File)) throw badInput("参数 'file' 不能为空");
      // Signed-in users upload freely; people on a temporary link may attach files to that chat.
      let actor = c.get("actor");
      const chatKey = form.get("chatKey");
      if (!actor && typeof chatKey === "string" && CHAT_KEY_RE.test(chatKey))
        actor = (await linkSession(deps, chatKey, null)).runAs;
      if (!actor) actor = requireActor(c);
      return ok(c, await saveUpload(deps, actor.tenantId, actor.userId, file));
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
    });
}
