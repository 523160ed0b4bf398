import type { Deps } from "#server/core";
import { fail, rateLimited } from "#server/core";
import { hit, secondsUntil } from "#server/lib/rate-limit";
import { guardedFetch, isEgressError } from "#server/runtime/egress";

/**
 * The image proxy behind /api/file/image. The page's CSP loads images only from this site (so a model answer
 * cannot beacon out), yet icons, avatars and logos may be outside http(s) URLs: those are fetched here, through
 * the egress guard, and handed on only when they are raster images of bounded size.
 */

/** Raster types only: SVG can carry script and links, and anything else is not an image an <img> needs. */
const RASTER = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/x-icon",
  "image/vnd.microsoft.icon",
  "image/avif",
  "image/bmp",
]);

export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
const LIMITS = {
  connectTimeoutMs: 5_000,
  headersTimeoutMs: 10_000,
  totalTimeoutMs: 15_000,
  maxResponseBytes: IMAGE_MAX_BYTES,
  maxRedirects: 3,
};

// Counted per client address on upstream fetches only: a cached answer costs no outbound traffic, and the
// limit is there to keep the proxy from relaying bandwidth to arbitrary hosts.
const FETCHES_PER_WINDOW = 120;
const WINDOW_MS = 60_000;

export interface CachedImage {
  type: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/** A small in-memory LRU bounded by entries, total bytes and age (Map keeps insertion order). */
export class ImageCache {
  private readonly entries = new Map<string, CachedImage & { expires: number }>();
  private total = 0;
  constructor(
    private readonly maxEntries = 200,
    private readonly maxBytes = 20 * 1024 * 1024,
    private readonly ttlMs = 60 * 60 * 1000,
  ) {}

  get(key: string): CachedImage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.remove(key);
    if (entry.expires <= Date.now()) return undefined;
    this.entries.set(key, entry);
    this.total += entry.bytes.length;
    return entry;
  }

  set(key: string, value: CachedImage) {
    this.remove(key);
    if (value.bytes.length > this.maxBytes) return;
    this.entries.set(key, { ...value, expires: Date.now() + this.ttlMs });
    this.total += value.bytes.length;
    while (this.entries.size > this.maxEntries || this.total > this.maxBytes) {
      const oldest = this.entries.keys().next().value as string;
      this.remove(oldest);
    }
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.bytes.length;
  }
}

const caches = new WeakMap<Deps, ImageCache>();
const cacheFor = (deps: Deps) => {
  const cache = caches.get(deps) ?? new ImageCache();
  caches.set(deps, cache);
  return cache;
};

async function fetchImage(deps: Deps, url: string): Promise<CachedImage> {
  const fetchGuarded = guardedFetch(deps.config, LIMITS);
  let res: Response;
  try {
    res = await fetchGuarded(url, { headers: { accept: [...RASTER].join(", ") } });
  } catch (error) {
    if (isEgressError(error)) throw fail(error.message);
    throw fail("图片加载失败，请检查地址");
  }
  const type = (res.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!res.ok || !RASTER.has(type)) {
    await res.body?.cancel();
    throw fail(
      res.ok ? "该地址不是受支持的图片（仅支持 PNG、JPEG、GIF、WebP、ICO、AVIF、BMP）" : "图片加载失败，请检查地址",
    );
  }
  const declared = Number(res.headers.get("content-length"));
  if (declared > IMAGE_MAX_BYTES) {
    await res.body?.cancel();
    throw fail("图片过大（最大 2 MB）");
  }
  try {
    // The guard's size cap errors the stream as soon as it passes 2 MB, so no more than that is read.
    return { type, bytes: new Uint8Array(await res.arrayBuffer()) };
  } catch (error) {
    if (isEgressError(error) && error.reason === "too-large") throw fail("图片过大（最大 2 MB）");
    if (isEgressError(error)) throw fail(error.message);
    throw fail("图片加载失败，请检查地址");
  }
}

/** The image at `url` as a response of its own (not an envelope); refusals are thrown as AppError. */
export async function proxyImage(deps: Deps, url: string, ip: string): Promise<Response> {
  const cache = cacheFor(deps);
  let image = cache.get(url);
  if (!image) {
    const state = await hit(deps.db, `image-proxy:${ip}`, WINDOW_MS);
    if (state.count > FETCHES_PER_WINDOW)
      throw rateLimited(`图片请求太频繁，请 ${secondsUntil(state.resetAt)} 秒后再试`);
    image = await fetchImage(deps, url);
    cache.set(url, image);
  }
  return new Response(image.bytes, {
    headers: {
      "Content-Type": image.type,
      "Content-Length": String(image.bytes.length),
      "Cache-Control": "public, max-age=3600",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
