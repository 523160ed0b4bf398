import { imageProxyUrl } from "#contract/image-proxy";

/**
 * Where the browser should load a user-set picture (icon, avatar, logo, favicon, banner) from. The page's CSP
 * loads images only from this site, so outside http(s) addresses go through the server's image proxy; our
 * own paths, data: and blob: stay as they are. Anything else ("//host", javascript:) gives "" (no picture).
 * Not for chat Markdown: images in a model's answer stay links, since any fetch of them could carry data out.
 */
export function imageSrc(url: string | null | undefined): string {
  const value = url?.trim() ?? "";
  if (!value) return "";
  if (value.startsWith("/")) return value.startsWith("//") ? "" : value;
  if (/^(data|blob):/i.test(value)) return value;
  if (/^https?:\/\/[^/?#]/i.test(value)) return imageProxyUrl(value);
  return "";
}
