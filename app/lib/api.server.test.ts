import { describe, expect, it } from "vitest";
import { redirectToLogin, safeRedirect } from "./api.server";

describe("safeRedirect", () => {
  it("keeps same-site paths", () => {
    expect(safeRedirect("/space/3/team?kw=a")).toBe("/space/3/team?kw=a");
  });

  it("refuses other sites and odd values", () => {
    for (const target of ["https://evil.example", "//evil.example", "/\\evil.example", "-1", "", null, undefined]) {
      expect(safeRedirect(target)).toBe("/");
    }
  });
});

describe("redirectToLogin", () => {
  it("sends back to the page that needed a session", () => {
    const res = redirectToLogin(new Request("http://localhost/space/3/team?kw=a"));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?redirect=%2Fspace%2F3%2Fteam%3Fkw%3Da");
  });

  it("needs no redirect for the home page", () => {
    expect(redirectToLogin(new Request("http://localhost/")).headers.get("location")).toBe("/login");
  });
});
