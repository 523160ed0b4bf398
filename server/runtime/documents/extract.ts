import { decodeText } from "./encoding";
import { jsonToText } from "./json-text";

/** The file types documents may have (the upload form's list, plus xlsx for the workflow node). */
export const documentTypes = ["doc", "docx", "pdf", "md", "txt", "json", "xlsx"] as const;
export type DocumentType = (typeof documentTypes)[number];

export type Extraction =
  | { ok: true; text: string; type: DocumentType; pages?: number }
  | { ok: false; reason: string; type: DocumentType | null };

/** The type by the file name's extension; null when it is not one we read. */
export function documentTypeOf(fileName: string): DocumentType | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName.trim())?.[1]?.toLowerCase();
  if (ext === "markdown") return "md";
  return (documentTypes as readonly string[]).includes(ext ?? "") ? (ext as DocumentType) : null;
}

/** An OLE compound file (Word 97, or an Office file that was encrypted with a password). */
const isOle = (b: Uint8Array) => b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0;
const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b;

class Unreadable extends Error {}

/**
 * The plain text of a document. Never throws for a bad file: a broken, encrypted, empty or unsupported file
 * answers `ok: false` with a reason in Chinese that the user reads in the document list.
 */
export async function extractDocument(bytes: Uint8Array, fileName: string): Promise<Extraction> {
  const type = documentTypeOf(fileName);
  if (!type) return { ok: false, type, reason: "不支持的文件类型，请上传 doc、docx、pdf、md、txt 或 json 文件" };
  if (bytes.byteLength === 0) return { ok: false, type, reason: "文件是空的" };
  try {
    const { text, pages } = await extractByType(type, bytes);
    const clean = normalise(text);
    if (!clean.trim()) {
      return {
        ok: false,
        type,
        reason: type === "pdf" ? "PDF 中没有可提取的文字（可能是扫描件或图片）" : "文件中没有可提取的文字",
      };
    }
    return { ok: true, type, text: clean, ...(pages ? { pages } : {}) };
  } catch (err) {
    return { ok: false, type, reason: err instanceof Unreadable ? err.message : reasonFor(type, err) };
  }
}

async function extractByType(type: DocumentType, bytes: Uint8Array): Promise<{ text: string; pages?: number }> {
  switch (type) {
    case "txt":
    case "md":
      return { text: decodeText(bytes) };
    case "json":
      return { text: jsonText(decodeText(bytes)) };
    case "docx": {
      if (isOle(bytes)) throw new Unreadable("文件已加密或不是有效的 docx 文件，请去掉密码或另存为 docx 后重新上传");
      if (!isZip(bytes)) throw new Unreadable("文件已损坏或不是有效的 docx 文件");
      const mammoth = (await import("mammoth")).default;
      const result = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
      return { text: result.value };
    }
    case "doc": {
      if (isZip(bytes)) {
        // A .docx saved under the old extension: read it as what it is.
        return extractByType("docx", bytes);
      }
      if (!isOle(bytes)) throw new Unreadable("文件已损坏或不是有效的 Word 97-2003 (.doc) 文件");
      const WordExtractor = (await import("word-extractor")).default;
      const doc = await new WordExtractor().extract(Buffer.from(bytes));
      return { text: doc.getBody() };
    }
    case "pdf": {
      const { getDocumentProxy, extractText: pdfText } = await import("unpdf");
      const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
      const { totalPages, text } = await pdfText(pdf, { mergePages: false });
      await pdf.destroy();
      return { text: (text as string[]).map(joinPdfLines).join("\n\n"), pages: totalPages };
    }
    case "xlsx":
      return { text: await xlsxText(bytes) };
  }
}

function jsonText(raw: string) {
  let value: unknown;
  try {
    value = JSON.parse(raw.replace(/^\uFEFF/, ""));
  } catch {
    throw new Unreadable("JSON 格式不正确，无法解析");
  }
  return jsonToText(value);
}

/**
 * PDF text comes in layout lines: a Chinese sentence wrapped at the page edge is split mid-word. Lines are joined
 * without a break unless the previous one ends a sentence, and with a space between Latin words.
 */
function joinPdfLines(page: string) {
  const lines = page.split("\n").map((l) => l.trim());
  let out = "";
  for (const line of lines) {
    if (!line) {
      out += "\n";
      continue;
    }
    if (!out || out.endsWith("\n")) out += line;
    else if (/[。！？；：.!?;:]$/.test(out)) out += `\n${line}`;
    else if (/[A-Za-z0-9,]$/.test(out) && /^[A-Za-z0-9]/.test(line)) out += ` ${line}`;
    else out += line;
  }
  return out;
}

async function xlsxText(bytes: Uint8Array) {
  if (!isZip(bytes)) throw new Unreadable("文件已加密、已损坏或不是有效的 xlsx 文件");
  const book = new (await import("exceljs")).default.Workbook();
  await book.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  const parts: string[] = [];
  for (const sheet of book.worksheets) {
    const rows: string[] = [];
    sheet.eachRow((row) => {
      const cells = (row.values as unknown[]).slice(1).map(cellText);
      if (cells.some(Boolean)) rows.push(cells.join("\t"));
    });
    if (rows.length) parts.push(`# ${sheet.name}\n${rows.join("\n")}`);
  }
  return parts.join("\n\n");
}

function cellText(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === "object") {
    const o = v as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (o.richText) return o.richText.map((r) => r.text).join("");
    if (o.text !== undefined) return String(o.text);
    if (o.result !== undefined) return String(o.result);
    return "";
  }
  return String(v);
}

/** Unix line ends, no NULs or other control characters, at most one blank line in a row. */
function normalise(text: string) {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/\p{Cc}/gu, (c) => (c === "\n" || c === "\t" ? c : ""))
    .replace(/[ \t\u00a0\u3000]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function reasonFor(type: DocumentType, err: unknown) {
  const name = (err as { name?: string })?.name ?? "";
  const message = String((err as { message?: string })?.message ?? err);
  if (name === "PasswordException" || /password|encrypt/i.test(message)) {
    return "文件已加密，请去掉密码后重新上传";
  }
  const label = { doc: "Word 97-2003 (.doc)", docx: "docx", pdf: "PDF", xlsx: "xlsx", md: "", txt: "", json: "" }[type];
  return `文件已损坏或不是有效的 ${label || "文本"} 文件，无法读取内容`;
}
