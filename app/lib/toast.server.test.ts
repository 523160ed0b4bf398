import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { webLoadContext } from "#server/web-context";
import { readToast, redirectWithToast } from "./toast.server";

const contextFor = (url: string, SECRET_KEY = "k".repeat(64)) =>
  webLoadContext({ SECRET_KEY })(new Request(url), async () => new Response()) as AppLoadContext;

/** The browser's Cookie header after it stored the redirect's Set-Cookie. */
const cookieFrom = (res: Response) => res.headers.getSetCookie()[0]!.split(";")[0]!;

describe("the toast cookie", () => {
  it("carries a notice across the redirect, once", async () => {
    const context = contextFor("http://localhost/profile");
    const res = await redirectWithToast(context, "/profile", { type: "success", message: "个人资料已保存" });
    const read = await readToast(
      context,
      new Request("http://localhost/profile", { headers: { cookie: cookieFrom(res) } }),
    );
    expect(read.toast).toEqual({ type: "success", message: "个人资料已保存" });
    expect(read.headers.get("set-cookie")).toMatch(/^toast=; .*Max-Age=0/);
  });

  it("ignores (and clears) a toast it did not sign: unsigned, re-signed elsewhere, or tampered", async () => {
    const context = contextFor("http://localhost/");
    const lie = Buffer.from(JSON.stringify({ type: "error", message: "账号异常" })).toString("base64");
    const elsewhere = await redirectWithToast(contextFor("http://localhost/", "x".repeat(64)), "/", {
      type: "error",
      message: "账号异常",
    });
    const genuine = cookieFrom(await redirectWithToast(context, "/", { type: "info", message: "真的" }));
    const tampered = genuine.replace(/^toast=[^.]+/, `toast=${encodeURIComponent(lie)}`);
    for (const cookie of [`toast=${lie}`, `toast=${lie}.c2ln`, cookieFrom(elsewhere), tampered]) {
      const read = await readToast(context, new Request("http://localhost/", { headers: { cookie } }));
      expect(read.toast, cookie).toBeNull();
      expect(read.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    }
  });

  it("is Secure when the browser came over https (TRUST_PROXY rebuilds the URL), and only then", async () => {
    const over = async (url: string) =>
      (await redirectWithToast(contextFor(url), "/", { type: "info", message: "x" })).headers.getSetCookie()[0];
    expect(await over("https://agents.example/")).toMatch(/; Secure/);
    expect(await over("http://localhost/")).not.toMatch(/Secure/);
  });
});
