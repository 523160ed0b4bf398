import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decodeText, documentTypeOf, extractDocument } from "./index";

const fixtures = path.resolve(import.meta.dirname, "../../../../shared/fixtures/knowledge");
const fixture = (name: string) => new Uint8Array(readFileSync(path.join(fixtures, name)));

describe("extractDocument", () => {
  it.each([
    ["refund.md", "10%"],
    ["membership.txt", "会员"],
    ["api-limits.json", "plan: 专业版，requestsPerMinute: 600"],
    ["invoice.docx", "单张发票的金额上限为 10 万元"],
    ["security.doc", "连续 5 次输入错误密码后，账号会被锁定 15 分钟"],
    ["export.pdf", "下载链接有效期为 72 小时"],
  ])("reads %s", async (name, fact) => {
    const result = await extractDocument(fixture(name), name);
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (result.ok) expect(result.text).toContain(fact);
  });

  it("joins PDF lines wrapped mid-sentence but keeps sentence ends", async () => {
    const result = await extractDocument(fixture("export.pdf"), "export.pdf");
    expect(result).toMatchObject({ ok: true, pages: 2 });
    if (result.ok) expect(result.text).toMatch(/三种。\n单次导出/);
  });

  it.each([
    ["broken.docx", new TextEncoder().encode("not a zip at all"), "docx"],
    ["broken.pdf", new TextEncoder().encode("%PDF-1.4 garbage"), "PDF"],
    ["broken.doc", new TextEncoder().encode("garbage garbage garbage"), ".doc"],
    ["broken.json", new TextEncoder().encode("{oops"), "JSON"],
  ])("fails %s with a reason instead of throwing", async (name, bytes, word) => {
    const result = await extractDocument(bytes, name);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(word);
  });

  it("says a password-protected Office file is encrypted", async () => {
    const ole = new Uint8Array(4096);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    const result = await extractDocument(ole, "secret.docx");
    expect(result).toMatchObject({ ok: false, reason: expect.stringContaining("加密") });
  });

  it("refuses empty files and unknown types", async () => {
    expect(await extractDocument(new Uint8Array(), "a.txt")).toMatchObject({ ok: false, reason: "文件是空的" });
    expect(await extractDocument(new Uint8Array([1]), "a.exe")).toMatchObject({ ok: false, type: null });
    expect(documentTypeOf("说明.MD")).toBe("md");
  });
});

describe("decodeText", () => {
  it("reads UTF-8 with and without BOM, UTF-16 and GBK", () => {
    const text = "退款手续费为 10%";
    const utf8 = new TextEncoder().encode(text);
    expect(decodeText(utf8)).toBe(text);
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toBe(text);
    const utf16 = Buffer.from(`\uFEFF${text}`, "utf16le");
    expect(decodeText(new Uint8Array(utf16))).toBe(text);
    // "中文" in GBK.
    expect(decodeText(new Uint8Array([0xd6, 0xd0, 0xce, 0xc4]))).toBe("中文");
  });
});
