import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { and, eq, inArray } from "drizzle-orm";
import type { Deps } from "../../api/context";
import { badInput, fail, notFound } from "../../api/envelope";
import { files } from "../../db/schema";
import { getTenantConfig } from "../tenant/service";

/** What may be uploaded: the documents of SPEC §5 plus common images, by extension. */
export const uploadTypes: Record<string, string> = {
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  pdf: "application/pdf",
  md: "text/markdown",
  json: "application/json",
  txt: "text/plain",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
};

const HARD_LIMIT_BYTES = 100 * 1024 * 1024;
const URL_TTL_MS = 24 * 60 * 60_000;

/** "100MB", "20 mb", "512KB" → bytes, never above the hard limit. */
export function parseSize(value: string) {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(kb|mb|gb|b)?\s*$/i.exec(value);
  if (!m) return HARD_LIMIT_BYTES;
  const unit = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }[(m[2] ?? "b").toLowerCase() as "b"];
  return Math.min(HARD_LIMIT_BYTES, Math.floor(Number(m[1]) * unit));
}

function signature(secret: string, key: string, exp: number) {
  return createHmac("sha256", secret).update(`file:${key}:${exp}`).digest("base64url");
}

/** A download URL that works for a day, for anyone holding it (so the model and <img> tags can fetch it). */
export function signedUrl(secret: string, key: string, now = Date.now()) {
  const exp = Math.floor((now + URL_TTL_MS) / 1000);
  return `/api/file/download/${key}?exp=${exp}&sig=${signature(secret, key, exp)}`;
}

function verify(secret: string, key: string, exp: number, sig: string) {
  if (!Number.isFinite(exp) || exp * 1000 < Date.now()) return false;
  const expected = Buffer.from(signature(secret, key, exp));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Our storage keys (what uploads return); anything else in an attachment is an outside link. */
export const FILE_KEY_RE = /^[a-f0-9]{24}\.[a-z0-9]+$/;

/** The stored files among these keys, for one tenant. */
export async function findFiles(deps: Deps, tenantId: number, keys: string[]) {
  if (!keys.length) return [];
  return deps.db
    .select()
    .from(files)
    .where(and(eq(files.tenantId, tenantId), inArray(files.key, keys)));
}

const storagePath = (deps: Deps, key: string) => path.join(deps.config.FILES_DIR, key.slice(0, 2), key);

export async function saveUpload(deps: Deps, tenantId: number, userId: number | null, file: File) {
  const fileName = path.basename(file.name || "").slice(0, 255);
  const ext = path.extname(fileName).slice(1).toLowerCase();
  const mimeType = uploadTypes[ext];
  if (!fileName || !mimeType) throw badInput(`参数 'file' 只支持 ${Object.keys(uploadTypes).join("、")} 格式`);
  const tenant = await getTenantConfig(deps, tenantId);
  const limit = parseSize(tenant.maxFileSize);
  if (file.size === 0) throw badInput("参数 'file' 文件是空的");
  if (file.size > limit) throw badInput(`参数 'file' 文件不能超过 ${Math.round(limit / 1024 / 1024)} MB`);
  const key = `${randomBytes(12).toString("hex")}.${ext}`;
  const target = storagePath(deps, key);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, Buffer.from(await file.arrayBuffer()));
  await deps.db.insert(files).values({ tenantId, userId, key, fileName, mimeType, size: file.size });
  return { key, url: signedUrl(deps.config.SECRET_KEY, key), fileName, mimeType, size: file.size };
}

/** Streams a stored file for a valid signature; images and PDFs inline, everything else as a download. */
export async function openDownload(deps: Deps, key: string, exp: number, sig: string) {
  if (!FILE_KEY_RE.test(key) || !verify(deps.config.SECRET_KEY, key, exp, sig)) throw fail("链接无效或已过期");
  const [row] = await deps.db
    .select()
    .from(files)
    .where(and(eq(files.key, key)));
  if (!row) throw notFound("文件不存在");
  const target = storagePath(deps, key);
  const info = await stat(target).catch(() => null);
  if (!info) throw notFound("文件不存在");
  const inline = row.mimeType.startsWith("image/") || row.mimeType === "application/pdf";
  const body = Readable.toWeb(createReadStream(target)) as ReadableStream;
  return new Response(body, {
    headers: {
      "Content-Type": row.mimeType,
      "Content-Length": String(info.size),
      "Content-Disposition": `${inline ? "inline" : "attachment"}; filename*=UTF-8''${encodeURIComponent(row.fileName)}`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      "Cache-Control": "private, max-age=3600",
    },
  });
}
