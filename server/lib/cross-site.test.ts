import { describe, expect, it } from "vitest";
import { isCrossSiteWrite } from "./cross-site";

const HOST = "app.example:3000";

function request(method: string, headers: Record<string, string>) {
  return new Request(`http://${HOST}/resources/space-models`, { method, headers });
}

describe("isCrossSiteWrite", () => {
  it("lets every read through, whatever its origin", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      expect(
        isCrossSiteWrite(request(method, { "sec-fetch-site": "cross-site", origin: "https://evil.example" }), HOST),
      ).toBe(false);
    }
  });

  it.each([
    ["no headers at all (curl, old browsers)", {}],
    ["our own page", { origin: `http://${HOST}`, "sec-fetch-site": "same-origin" }],
    ["our host behind a TLS proxy without TRUST_PROXY", { origin: `https://${HOST}` }],
    ["typed into the address bar", { "sec-fetch-site": "none" }],
    ["host spelled in capitals", { origin: "http://APP.example:3000" }],
  ])("accepts a write from %s", (_, headers) => {
    expect(isCrossSiteWrite(request("POST", headers), HOST)).toBe(false);
  });

  it.each([
    ["another site (Sec-Fetch-Site)", { "sec-fetch-site": "cross-site" }],
    ["a sibling subdomain (Sec-Fetch-Site)", { "sec-fetch-site": "same-site" }],
    ["a foreign Origin", { origin: "https://evil.example" }],
    ["another port on our host", { origin: "http://app.example:4000" }],
    ["a sibling subdomain (Origin)", { origin: "http://other.app.example:3000" }],
    ["an opaque origin", { origin: "null" }],
    ["a malformed Origin", { origin: "not a url" }],
    ["a same-origin claim with a foreign Origin", { origin: "https://evil.example", "sec-fetch-site": "same-origin" }],
  ])("refuses a write from %s", (_, headers) => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      expect(isCrossSiteWrite(request(method, headers), HOST)).toBe(true);
    }
  });
});
