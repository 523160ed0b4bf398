import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../support/server";

/**
 * /api/file/image: outside icons and logos come through the egress guard as raster images of at most 2 MB,
 * with the headers that keep them inert; everything else is refused with an envelope.
 */
// A 1×1 transparent PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
const BIG = Buffer.alloc(3 * 1024 * 1024, 7);

let upstream: Server;
let base: string;
const hits = new Map<string, number>();
let s: TestServer;
let closed: TestServer;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const path = req.url ?? "/";
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path.startsWith("/icon.png")) res.writeHead(200, { "content-type": "image/png" }).end(PNG);
    else if (path === "/icon.svg")
      res.writeHead(200, { "content-type": "image/svg+xml" }).end('<svg xmlns="http://www.w3.org/2000/svg"/>');
    else if (path === "/page.html") res.writeHead(200, { "content-type": "text/html" }).end("<p>hi</p>");
    else if (path === "/big.png") res.writeHead(200, { "content-type": "image/png" }).end(BIG);
    else if (path === "/big-chunked.png") {
      // No Content-Length: only the running count can stop it.
      res.writeHead(200, { "content-type": "image/png", "transfer-encoding": "chunked" });
      res.end(BIG);
    } else res.writeHead(404, { "content-type": "text/plain" }).end("missing");
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  [s, closed] = await Promise.all([startServer(), startServer({ EGRESS_ALLOW: "" })]);
});
afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
  await Promise.all([s.close(), closed.close()]);
});

const proxied = (server: TestServer, url: string) =>
  fetch(`${server.url}/api/file/image?url=${encodeURIComponent(url)}`);

async function refusal(server: TestServer, url: string) {
  const res = await proxied(server, url);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  return (await res.json()) as { code: string; message: string };
}

describe("image proxy", () => {
  it("hands on a PNG with its bytes and inert, cacheable headers, without sign-in", async () => {
    const res = await proxied(s, `${base}/icon.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    // The API layer adds frame-ancestors to every answer; ours must keep default-src 'none' and sandbox.
    expect(res.headers.get("content-security-policy")).toMatch(/^default-src 'none';.*\bsandbox$/);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("answers a repeated request from its cache: the upstream sees one request", async () => {
    const url = `${base}/icon.png?cached`;
    for (let i = 0; i < 3; i++) {
      const res = await proxied(s, url);
      expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    }
    expect(hits.get("/icon.png?cached")).toBe(1);
  });

  it("refuses SVG, HTML and error pages as not an image", async () => {
    for (const path of ["/icon.svg", "/page.html"]) {
      const body = await refusal(s, `${base}${path}`);
      expect(body.code).toBe("0001");
      expect(body.message).toContain("不是受支持的图片");
    }
    expect((await refusal(s, `${base}/nothing.png`)).code).toBe("0001");
  });

  it("refuses images over 2 MB, declared or not", async () => {
    for (const path of ["/big.png", "/big-chunked.png"]) {
      const body = await refusal(s, `${base}${path}`);
      expect(body).toMatchObject({ code: "0001", message: "图片过大（最大 2 MB）" });
    }
  });

  it("refuses what is not an http(s) URL with 4000", async () => {
    for (const url of [
      "",
      "/api/file/download/x",
      "javascript:alert(1)",
      "data:image/png;base64,AA",
      "ftp://a.b/c.png",
    ]) {
      expect((await refusal(s, url)).code).toBe("4000");
    }
    const res = await fetch(`${s.url}/api/file/image`);
    expect(((await res.json()) as { code: string }).code).toBe("4000");
  });

  it("goes through the egress guard: loopback is refused unless EGRESS_ALLOW opens it", async () => {
    const before = hits.get("/icon.png?guarded") ?? 0;
    const body = await refusal(closed, `${base}/icon.png?guarded`);
    expect(body.code).toBe("0001");
    expect(body.message).toContain("EGRESS_ALLOW");
    expect(hits.get("/icon.png?guarded") ?? 0).toBe(before);
  });

  // Last in the file: it spends this address's budget of upstream fetches for the minute.
  it("limits upstream fetches per client address, so it cannot relay bandwidth; cached answers still come", async () => {
    const answers = await Promise.all(
      Array.from({ length: 121 }, (_, i) => proxied(s, `${base}/icon.png?n=${i}`).then((r) => r.arrayBuffer())),
    );
    const limited = answers.filter((a) => Buffer.from(a).toString().includes('"code":"4290"'));
    expect(limited.length).toBeGreaterThanOrEqual(1);
    const cached = await proxied(s, `${base}/icon.png`);
    expect(Buffer.from(await cached.arrayBuffer()).equals(PNG)).toBe(true);
  });
});
