import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import { formatSize, UPLOAD_HARD_LIMIT } from "#server/api/body-limit";
import type { Deps } from "#server/core";
import { badInput, fail, notFound } from "#server/core";
import { files, messages } from "#server/db/schema";
import { getTenantConfig } from "../tenant/service";
import { allowance, chargeLink, refundLink, type Uploader } from "./quota";
import { type ReceivedFile, receiveUpload } from "./upload";

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

const URL_TTL_MS = 24 * 60 * 60_000;

/** "100MB", "20 mb", "512KB" → bytes, never above the hard limit. */
export function parseSize(value: string) {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(kb|mb|gb|b)?\s*$/i.exec(value);
  if (!m) return UPLOAD_HARD_LIMIT;
  const unit = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }[(m[2] ?? "b").toLowerCase() as "b"];
  return Math.min(UPLOAD_HARD_LIMIT, Math.floor(Number(m[1]) * unit));
}

function signature(secret: string, key: string, exp: number) {
  return createHmac("sha256", secret).update(`file:${key}:${exp}`).digest("base64url");
}

/** A download URL that works for a day, for anyone holding it (so the model and <img> tags can fetch it). */
export function signedUrl(secret: string, key: string, now = Date.now()) {
  const exp = Math.floor((now + URL_TTL_MS) / 1000);
  return `/api/file/download/${key}?exp=${exp}&sig=${signature(secret, key, exp)}`;
}

/** Whether `sig` is our signature of `key` until `exp`, whether or not that time has passed. */
export function signedByUs(secret: string, key: string, exp: number, sig: string) {
  if (!Number.isFinite(exp)) return false;
  const expected = Buffer.from(signature(secret, key, exp));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const verify = (secret: string, key: string, exp: number, sig: string) =>
  exp * 1000 >= Date.now() && signedByUs(secret, key, exp, sig);

/** Our storage keys (what uploads return); anything else in an attachment is an outside link. */
export const FILE_KEY_RE = /^[a-f0-9]{24}\.[a-z0-9]+$/;

const DOWNLOAD_PATH = /^\/api\/file\/download\/([^/]+)$/;

/**
 * The parts of one of our download links (path /api/file/download/<key>, relative or on any host), or null for
 * anything else. Says nothing about the signature: check it with openDownload or signedByUs.
 */
export function parseDownloadLink(raw: string) {
  let url: URL;
  try {
    url = new URL(raw, "relative:/");
  } catch {
    return null;
  }
  const key = DOWNLOAD_PATH.exec(url.pathname)?.[1];
  if (!key || !FILE_KEY_RE.test(key)) return null;
  const origin = url.protocol === "relative:" ? "" : url.origin;
  return { origin, key, exp: Number(url.searchParams.get("exp")), sig: url.searchParams.get("sig") ?? "" };
}

/**
 * The stored files among `keys` that a caller may attach to a message in a conversation — and so have signed
 * again: their own uploads, or files already attached in that conversation (which they can read). A key seen
 * elsewhere gives no access; anything else reads as "not found", so keys cannot be probed.
 */
export async function attachableFiles(
  deps: Deps,
  who: { tenantId: number; userId: number; conversationId: number },
  keys: string[],
) {
  if (!keys.length) return [];
  const inConversation = sql`exists (select 1 from ${messages} where ${messages.conversationId} = ${who.conversationId}
    and ${messages.attachments} @> jsonb_build_array(jsonb_build_object('fileKey', ${files.key})))`;
  return deps.db
    .select()
    .from(files)
    .where(
      and(eq(files.tenantId, who.tenantId), inArray(files.key, keys), or(eq(files.userId, who.userId), inConversation)),
    );
}

/** Where a stored file lives (knowledge ingestion reads uploads from here too). */
export const storagePath = (deps: Deps, key: string) => path.join(deps.config.FILES_DIR, key.slice(0, 2), key);

/** A control character in a name (NUL cannot even be stored in PostgreSQL text) is refused, not cleaned. */
const CONTROL_CHARS = /\p{Cc}/u;

/** Checks a file's name from its part header, before any content is read: a known extension, no control characters. */
export function checkFileName(name: string) {
  if (CONTROL_CHARS.test(name)) throw badInput("参数 'file' 文件名不能包含控制字符");
  const fileName = path.basename(name).slice(0, 255);
  const ext = path.extname(fileName).slice(1).toLowerCase();
  const mimeType = uploadTypes[ext];
  if (!fileName || !mimeType) throw badInput(`参数 'file' 只支持 ${Object.keys(uploadTypes).join("、")} 格式`);
  return { fileName, ext, mimeType };
}

/**
 * Receives one upload for `who`: the quotas are checked before the body is read, the file streams to a
 * temporary file under a cap (the tenant's size limit or what is left of a quota, whichever is smaller),
 * then moves into place and gets its row. A file on disk without its row is removed, whatever failed.
 */
export async function acceptUpload(deps: Deps, request: Request, tenantId: number, who: Uploader) {
  const tenant = await getTenantConfig(deps, tenantId);
  const sizeLimit = parseSize(tenant.maxFileSize);
  const left = await allowance(deps, who);
  if (left.bytes <= 0) throw left.refusal();
  const tooBig = () => badInput(`参数 'file' 文件不能超过 ${formatSize(sizeLimit)}`);
  const file = await receiveUpload(request, {
    tmpDir: path.join(deps.config.FILES_DIR, "tmp"),
    maxBytes: Math.min(sizeLimit, left.bytes),
    tooLarge: () => (sizeLimit <= left.bytes ? tooBig() : left.refusal()),
    checkName: checkFileName,
  });
  if (!file) throw badInput("参数 'file' 不能为空");
  try {
    if (file.size === 0) throw badInput("参数 'file' 文件是空的");
    // Another upload may have used the quota while this one arrived.
    const now = await allowance(deps, who);
    if (file.size > now.bytes) throw now.refusal();
    return await storeReceived(deps, tenantId, who, file);
  } finally {
    await rm(file.tempPath, { force: true });
  }
}

async function storeReceived(deps: Deps, tenantId: number, who: Uploader, file: ReceivedFile) {
  const { fileName, ext, mimeType } = checkFileName(file.fileName);
  const key = `${randomBytes(12).toString("hex")}.${ext}`;
  const target = storagePath(deps, key);
  await chargeLink(deps, who, file.size);
  try {
    await mkdir(path.dirname(target), { recursive: true });
    await rename(file.tempPath, target);
    await deps.db.insert(files).values({ tenantId, userId: who.userId, key, fileName, mimeType, size: file.size });
  } catch (err) {
    await rm(target, { force: true });
    await refundLink(deps, who, file.size);
    throw err;
  }
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
