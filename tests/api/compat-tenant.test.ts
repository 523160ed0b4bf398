import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ok } from "../support/agents";
import { startServer, type TestServer } from "../support/server";

/** The original web client's TenantConfigInfo (reference/original-frontend.md §1.1). */
let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s?.close();
});

describe("GET /api/tenant/config (original client)", () => {
  it("sends the login, captcha, theme and official-publisher fields the client reads", async () => {
    const config = ok(await s.call("/api/tenant/config"));
    expect(config).toMatchObject({
      authType: expect.any(Number),
      openCaptcha: 0,
      captchaAccessKeyId: "",
      captchaPrefix: "",
      captchaSceneId: "",
      loginBanner: "",
      loginBannerText: expect.stringMatching(/[\u4e00-\u9fa5]/),
      templateConfig: null,
      officialUserName: "官方",
    });
    expect(config).not.toHaveProperty("smtpPassword");
  });

  it("puts the signed-in user's name in the home slogan, without characters that could start markup", async () => {
    expect(ok(await s.call("/api/tenant/config")).homeSlogan).toContain("{{USER_NAME}}");
    const u = await s.newUser({ nickName: "小明<img src=x onerror=alert(1)>" });
    const slogan = ok(await s.call("/api/tenant/config", { token: u.token })).homeSlogan as string;
    expect(slogan).not.toContain("{{USER_NAME}}");
    expect(slogan).toContain("小明img src=x onerror=alert(1)");
    expect(slogan).not.toMatch(/[<>]/);
    const plain = await s.newUser({ nickName: "" });
    expect(ok(await s.call("/api/tenant/config", { token: plain.token })).homeSlogan).toContain(plain.userName);
  });
});
