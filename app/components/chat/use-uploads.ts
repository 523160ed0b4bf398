import { useCallback, useEffect, useRef, useState } from "react";
import type { Attachment } from "./types";

/** What the backend accepts (server/modules/file/service.ts uploadTypes), for the file picker's filter. */
export const ACCEPTED_FILES = ".doc,.docx,.pdf,.md,.json,.txt,.png,.jpg,.jpeg,.gif,.webp";
/** The chat API takes at most 10 attachments per message. */
export const MAX_ATTACHMENTS = 10;

export interface Upload {
  id: string;
  fileName: string;
  /** 0–100 while uploading. */
  progress: number;
  status: "uploading" | "done" | "error";
  error?: string;
  attachment?: Attachment;
}

interface UploadEnvelope {
  code?: string;
  message?: string;
  data?: { key: string; url: string; fileName: string; mimeType: string };
}

/**
 * Chat attachments uploaded as soon as they are picked, each with its own progress bar (XHR, since fetch
 * cannot report upload progress). `chatKey` lets people on a temporary link upload without an account.
 */
export function useUploads(chatKey?: string) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const requests = useRef(new Map<string, XMLHttpRequest>());

  useEffect(() => {
    const pending = requests.current;
    return () => {
      for (const xhr of pending.values()) xhr.abort();
    };
  }, []);

  const add = useCallback(
    (files: File[]) => {
      const update = (id: string, change: Partial<Upload>) =>
        setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...change } : u)));
      for (const file of files) {
        const id = crypto.randomUUID();
        setUploads((list) => [...list, { id, fileName: file.name, progress: 0, status: "uploading" }]);
        const body = new FormData();
        body.append("file", file);
        const xhr = new XMLHttpRequest();
        requests.current.set(id, xhr);
        xhr.upload.onprogress = (e) => {
          if (e.lengthComputable) update(id, { progress: Math.round((e.loaded / e.total) * 100) });
        };
        xhr.onload = () => {
          requests.current.delete(id);
          let envelope: UploadEnvelope | null = null;
          try {
            envelope = JSON.parse(xhr.responseText) as UploadEnvelope;
          } catch {
            // not the envelope: reported below
          }
          const data = envelope?.data;
          if (envelope?.code === "0000" && data) {
            const attachment = {
              fileKey: data.key,
              fileUrl: data.url,
              fileName: data.fileName,
              mimeType: data.mimeType,
            };
            update(id, { status: "done", progress: 100, attachment });
          } else {
            // "参数 'file' 只支持…" → the reason without the parameter name.
            const reason = envelope?.message?.replace(/^参数 '\w+' /, "") || `上传失败（HTTP ${xhr.status}）`;
            update(id, { status: "error", error: reason });
          }
        };
        xhr.onerror = () => {
          requests.current.delete(id);
          update(id, { status: "error", error: "网络错误，上传失败" });
        };
        // A temporary link is named in the query: the server decides before reading the file.
        xhr.open(
          "POST",
          chatKey ? `/resources/file-upload?chatKey=${encodeURIComponent(chatKey)}` : "/resources/file-upload",
        );
        xhr.send(body);
      }
    },
    [chatKey],
  );

  const remove = useCallback((id: string) => {
    requests.current.get(id)?.abort();
    requests.current.delete(id);
    setUploads((list) => list.filter((u) => u.id !== id));
  }, []);

  const clear = useCallback(() => setUploads([]), []);

  const attachments = uploads.flatMap((u) => (u.attachment ? [u.attachment] : []));
  const busy = uploads.some((u) => u.status === "uploading");
  return { uploads, attachments, busy, add, remove, clear };
}
