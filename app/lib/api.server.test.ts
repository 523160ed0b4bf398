import { describe, expect, it } from "vitest";
import { defaultIcon, iconKinds, withoutDefaultIcons } from "#contract/icons";
import { redirectToLogin, safeRedirect } from "./api.server";

describe("safeRedirect", () => {
  it.each([
    ["/space/3/team?kw=a", "/space/3/team?kw=a"],
    ["/", "/"],
    ["/home/chat/5#last", "/home/chat/5#last"],
    ["/square?kw=客服", "/square?kw=%E5%AE%A2%E6%9C%8D"],
    ["/%09/evil.example", "/%09/evil.example"],
    ["/a/./b", "/a/b"],
  ])("keeps the same-site path %j (as the browser resolves it)", (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  it.each([
    "https://evil.example",
    "http:evil.example",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/\r\n/evil.example",
    " //evil.example",
    "\t//evil.example",
    "/ /evil.example",
    "/\u3000/evil.example",
    "/\u00a0/evil.example",
    "/\u0000/evil.example",
    "/\u007f/evil.example",
    "/\u200e/evil.example",
    "/.//evil.example",
    "/./\\evil.example",
    "/a/../..//evil.example",
    "/%2e%2e//evil.example",
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "evil.example",
    "-1",
    "",
    null,
    undefined,
  ])("refuses %j", (target) => {
    expect(safeRedirect(target)).toBe("/");
    expect(safeRedirect(target, "")).toBe("");
  });

  it("never answers something another site could be reached by", () => {
    for (let code = 0; code < 0x3100; code++) {
      const ch = String.fromCharCode(code);
      for (const target of [`/${ch}/evil.example`, `${ch}//evil.example`, `/${ch}\\evil.example`]) {
        const resolved = new URL(safeRedirect(target), "http://ours.example");
        expect(resolved.origin, JSON.stringify(target)).toBe("http://ours.example");
        // What the browser is told must also resolve to us: a second resolution changes nothing.
        expect(new URL(resolved.pathname + resolved.search, "http://ours.example").origin).toBe("http://ours.example");
      }
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

describe("withoutDefaultIcons", () => {
  /** The rule, value by value: an icon or avatar member holding one of the default pictures is none. */
  const reviver = (key: string, value: unknown) =>
    (key === "icon" || key === "avatar") &&
    typeof value === "string" &&
    iconKinds.some((kind) => value === defaultIcon(kind))
      ? ""
      : value;
  const otherUnderIcons = defaultIcon("Agent").replace(/[^/]+$/, "other.svg");
  const answers = [
    {
      icon: defaultIcon("Agent"),
      records: [{ avatar: defaultIcon("User"), icon: otherUnderIcons }, { icon: `x${defaultIcon("Agent")}` }],
    },
    { 'x"icon': defaultIcon("Agent"), text: JSON.stringify({ icon: defaultIcon("Agent") }), icon: 3 },
    iconKinds.map((kind) => ({ icon: defaultIcon(kind), avatar: defaultIcon(kind), iconUrl: defaultIcon(kind) })),
  ];

  it.each(answers)("reads default pictures back as none, exactly as the contract's reviver does (%#)", (answer) => {
    const text = JSON.stringify(answer);
    expect(JSON.parse(withoutDefaultIcons(text))).toEqual(JSON.parse(text, reviver));
  });

  it("leaves a chosen picture and text that only mentions a default one", () => {
    const text = JSON.stringify({ icon: "/files/a.png", note: `"icon":"${defaultIcon("Agent")}"` });
    expect(withoutDefaultIcons(text)).toBe(text);
  });
});
