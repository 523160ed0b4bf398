import { FileText } from "lucide-react";
import type { Attachment } from "./types";

/** A message's files: images inline (their signed URLs need no session), other files as links. */
export function AttachmentList({ attachments }: { attachments: Attachment[] }) {
  if (!attachments.length) return null;
  return (
    <ul className="flex flex-wrap justify-end gap-2" aria-label="附件">
      {attachments.map((a) => (
        <li key={a.fileKey}>
          {a.mimeType.startsWith("image/") && a.fileUrl ? (
            <a href={a.fileUrl} target="_blank" rel="noopener noreferrer">
              <img src={a.fileUrl} alt={a.fileName} loading="lazy" className="max-h-40 max-w-60 rounded-md border" />
            </a>
          ) : (
            <a
              href={a.fileUrl || undefined}
              target="_blank"
              rel="noopener noreferrer"
              className="flex items-center gap-1.5 rounded-md border border-gray-200 bg-white px-2.5 py-1.5 text-[13px] text-gray-700 hover:bg-gray-50"
            >
              <FileText className="size-4 text-gray-500" aria-hidden />
              {a.fileName}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
