import { Hono } from "hono";
import type { ApiEnv } from "#server/api/context";
import { clearTokenCookie, setTokenCookie } from "#server/api/cookies";
import { ok, readBody, requireActor } from "#server/api/http";
import type { Deps } from "#server/core";
import {
  bindEmailInput,
  changePasswordInput,
  codeLoginInput,
  type LoginResult,
  passwordLoginInput,
  resetPasswordInput,
  searchUserInput,
  sendCodeInput,
  setPasswordInput,
  updateUserInput,
} from "./contract";
import * as service from "./service";

/** `redirect` echoes the `redirect=` of the page the login came from, as the original does. */
function redirectFromReferer(referer: string | undefined) {
  if (!referer) return null;
  try {
    const value = new URL(referer).searchParams.get("redirect");
    // Only a path on this site: not "//host" nor "/\host" (browsers read both as another host), no control chars.
    return value && /^\/(?![/\\])/.test(value) && !/\p{Cc}/u.test(value) ? value : null;
  } catch {
    return null;
  }
}

export function authRoutes(deps: Deps) {
  const login = (c: Parameters<typeof ok>[0], result: LoginResult) => {
    setTokenCookie(c, result.token, new Date(result.expireDate), deps.config.TRUST_PROXY);
    return ok(c, { ...result, redirect: redirectFromReferer(c.req.header("referer")) });
  };
  return (
    new Hono<ApiEnv>()
      .post("/passwordLogin", async (c) => {
        const input = await readBody(c, passwordLoginInput);
        return login(c, await service.passwordLogin(deps, c.get("tenantId"), input, c.get("ip")));
      })
      .post("/code/send", async (c) => {
        const input = await readBody(c, sendCodeInput);
        const message = await service.sendCode(deps, c.get("tenantId"), input, c.get("actor"), c.get("ip"));
        return ok(c, null, message);
      })
      .post("/codeLogin", async (c) => {
        const input = await readBody(c, codeLoginInput);
        return login(c, await service.codeLogin(deps, c.get("tenantId"), input));
      })
      .post("/password/set", async (c) => {
        const actor = requireActor(c);
        const input = await readBody(c, setPasswordInput);
        await service.setPassword(deps, actor, input.password);
        return ok(c, null);
      })
      .post("/password/reset", async (c) => {
        const input = await readBody(c, resetPasswordInput);
        await service.resetPassword(deps, c.get("tenantId"), input, c.get("actor"));
        if (!c.get("actor")) clearTokenCookie(c);
        return ok(c, null);
      })
      .post("/password/change", async (c) => {
        const actor = requireActor(c);
        const input = await readBody(c, changePasswordInput);
        await service.changePassword(deps, actor, input);
        return ok(c, null, "密码已修改，其他设备上的登录已退出");
      })
      // POST only (the original client used GET): a cross-site link or image must not sign anyone out.
      .post("/logout", async (c) => {
        const actor = requireActor(c);
        await service.logout(deps, actor);
        clearTokenCookie(c);
        return ok(c, null);
      })
      .post("/email/bind", async (c) => {
        const actor = requireActor(c);
        const input = await readBody(c, bindEmailInput);
        await service.bindEmail(deps, actor, input);
        return ok(c, null);
      })
      .post("/update", async (c) => {
        const actor = requireActor(c);
        const input = await readBody(c, updateUserInput);
        await service.updateProfile(deps, actor, input);
        return ok(c, null);
      })
      .get("/getLoginInfo", async (c) => ok(c, await service.getLoginInfo(deps, requireActor(c))))
      .post("/search", async (c) => {
        const actor = requireActor(c);
        const input = await readBody(c, searchUserInput);
        return ok(c, await service.searchUsers(deps, actor, input.kw));
      })
  );
}
