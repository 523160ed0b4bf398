import { IMAGE_PROXY_PATH } from "../image-proxy";
import { isSafeUrl } from "../safe-url";
import { z } from "../zod";
import { endpoint } from "./endpoint";

/**
 * /api/file/*: uploads (multipart, not JSON), signed downloads and the image proxy (both answer with the file
 * itself, not an envelope, and with an envelope only when they refuse).
 */
export const file = {
  upload: endpoint({
    method: "POST",
    path: "/api/file/upload",
    query: z.object({ chatKey: z.string().optional() }),
    /** The stored file: its key (what messages attach), a signed download URL, its name, type and size. */
    response: z.object({
      key: z.string(),
      url: z.string(),
      fileName: z.string(),
      mimeType: z.string(),
      size: z.number().int().nonnegative(),
    }),
  }),
  download: endpoint({
    method: "GET",
    path: "/api/file/download/:key",
    params: z.object({ key: z.string() }),
    query: z.object({ exp: z.string(), sig: z.string() }),
  }),
  /**
   * An outside http(s) image (icon, avatar, logo) fetched through the egress guard, since the page's CSP only
   * loads images from this site. Only absolute http(s) URLs pass, so random input (the fuzz) stops here.
   */
  image: endpoint({
    method: "GET",
    path: IMAGE_PROXY_PATH,
    query: z.object({
      url: z
        .string()
        .max(2000, "最多 2000 个字符")
        .refine((v) => !v.startsWith("/") && isSafeUrl(v), "必须是 http(s) 图片链接"),
    }),
  }),
};
