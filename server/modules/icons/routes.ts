import { readFile } from "node:fs/promises";
import path from "node:path";
import { Hono } from "hono";
import { icons } from "#contract/api/icons";
import type { ApiEnv } from "#server/api/context";
import { parseWith } from "#server/api/http";

/** public/icons holds the pictures (the web build copies them too); read once each, they never change at run time. */
const ICON_DIR = path.resolve("public/icons");
const loaded = new Map<string, Promise<Buffer>>();

/** /api/icons: the default pictures named by contract/api/icons.ts, for anyone (the square shows them to visitors). */
export function iconRoutes() {
  return new Hono<ApiEnv>().get("/:file", async (c) => {
    const { file } = parseWith(icons.file.params, c.req.param());
    let bytes = loaded.get(file);
    if (!bytes) {
      bytes = readFile(path.join(ICON_DIR, file));
      loaded.set(file, bytes);
      bytes.catch(() => loaded.delete(file));
    }
    return c.body(new Uint8Array(await bytes), 200, {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "public, max-age=86400",
    });
  });
}
