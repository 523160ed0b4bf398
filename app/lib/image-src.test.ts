import { describe, expect, it } from "vitest";
import { urlOf } from "#contract/api/endpoint";
import { file } from "#contract/api/file";
import { imageSrc } from "./image-src";

describe("imageSrc", () => {
  it("keeps our own paths, data: and blob: as they are", () => {
    expect(imageSrc("/api/file/download/k?exp=1&sig=s")).toBe("/api/file/download/k?exp=1&sig=s");
    expect(imageSrc("data:image/png;base64,AA==")).toBe("data:image/png;base64,AA==");
    expect(imageSrc("blob:http://localhost/1234")).toBe("blob:http://localhost/1234");
  });

  it("sends outside http(s) addresses through the image proxy, encoded", () => {
    expect(imageSrc("https://cdn.example.com/a.png?x=1&y=2#f")).toBe(
      "/api/file/image?url=https%3A%2F%2Fcdn.example.com%2Fa.png%3Fx%3D1%26y%3D2%23f",
    );
    expect(imageSrc(" HTTP://example.com/i.ico ")).toBe("/api/file/image?url=HTTP%3A%2F%2Fexample.com%2Fi.ico");
  });

  it("builds the URL the contract's file.image endpoint describes (without loading its zod schemas)", () => {
    const url = "https://cdn.example.com/logo.png?v=2&t=a b";
    expect(imageSrc(url)).toBe(urlOf(file.image, { query: { url } }));
  });

  it("gives no picture for nothing, protocol-relative or other schemes", () => {
    for (const url of [
      null,
      undefined,
      "",
      "  ",
      "//evil.example/x.png",
      "javascript:alert(1)",
      "ftp://a/b.png",
      "https://",
    ]) {
      expect(imageSrc(url)).toBe("");
    }
  });
});
