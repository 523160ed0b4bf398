import path from "node:path";
import type { Deps } from "#server/core";
import { documentTypeOf } from "#server/runtime/documents";
import { guardedFetch } from "#server/runtime/egress";
import type { WorkflowServices } from "#server/runtime/workflow/types";
import { openDownload, parseDownloadLink } from "../file/service";

/** The largest document a DocumentExtraction node reads. */
const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;

/** Types by the answer's content type, for outside links whose path has no usable extension. */
const byContentType: Record<string, string> = {
  "application/pdf": "pdf",
  "application/msword": "doc",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "application/json": "json",
  "text/markdown": "md",
  "text/plain": "txt",
};

async function readBody(response: Response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.byteLength > MAX_DOCUMENT_BYTES) throw new Error("文件过大（最多 20 MB）");
  return bytes;
}

/**
 * How a DocumentExtraction node reads its URL: a download link of our own upload (path
 * /api/file/download/<key> with a valid signature, relative or on any host) straight from storage — the
 * signature is the proof of access, as for any download —; any other http(s) address through the egress
 * guard with the admin's allowlist, never another HTTP client.
 */
export function documentReader(deps: Deps): NonNullable<WorkflowServices["readDocument"]> {
  return async (raw, signal) => {
    let url: URL;
    try {
      url = new URL(raw, "relative:/");
    } catch {
      throw new Error("文件地址格式不正确");
    }
    const ours = parseDownloadLink(raw);
    if (ours) {
      const response = await openDownload(deps, ours.key, ours.exp, ours.sig).catch((error: Error) => {
        throw new Error(`文件${error.message}`);
      });
      return { bytes: await readBody(response), fileName: ours.key };
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new Error("文件地址必须是上传文件的链接或 http(s) 地址");
    }
    const send = guardedFetch({ EGRESS_ALLOW: deps.config.EGRESS_ALLOW }, { maxResponseBytes: MAX_DOCUMENT_BYTES });
    const response = await send(url, { signal });
    if (response.status >= 400) throw new Error(`文件下载失败，状态码 ${response.status}`);
    const name = path.posix.basename(decodeURIComponent(url.pathname)) || "document";
    const mime = response.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
    const fileName = documentTypeOf(name) || !byContentType[mime] ? name : `${name}.${byContentType[mime]}`;
    return { bytes: await readBody(response), fileName };
  };
}
