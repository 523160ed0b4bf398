const utf8 = new TextDecoder("utf-8", { fatal: true });
// GB18030 is a superset of GBK and GB2312, so it reads all three.
const gb = new TextDecoder("gb18030");

/**
 * The text of a plain-text file: UTF-8 (with or without BOM), UTF-16 with a BOM, or GBK/GB18030 — Chinese Windows
 * editors still save the latter. A file that is valid UTF-8 is read as UTF-8; otherwise as GB18030.
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  try {
    return utf8.decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    return gb.decode(bytes);
  }
}
