import { describe, expect, it } from "vitest";
import { startWorkflow } from "../executor";
import { drain, graphOf, param, ref, wfNode } from "../testing";

const flow = graphOf([
  wfNode(1, "Start", { inputArgs: [param("url")] }, [3]),
  wfNode(3, "DocumentExtraction", { inputArgs: [ref("fileUrl", "1.url")] }, [2]),
  wfNode(2, "End", { outputArgs: [ref("text", "3.output")] }),
]);

const files: Record<string, { bytes: Uint8Array; fileName: string }> = {
  "https://example.com/a.md": { bytes: new TextEncoder().encode("# 标题\n\n正文"), fileName: "a.md" },
  "https://example.com/b.json": { bytes: new TextEncoder().encode('{"城市":"西安"}'), fileName: "b.json" },
  "https://example.com/c.exe": { bytes: new Uint8Array([1, 2, 3]), fileName: "c.exe" },
};
const seen: string[] = [];
const services = {
  readDocument: async (url: string) => {
    seen.push(url);
    const file = files[url];
    if (!file) throw new Error("不允许访问该地址");
    return file;
  },
};

const run = (url: string) => drain(startWorkflow(flow, { params: { url }, services }));

describe("DocumentExtraction node", () => {
  it("outputs the text of the document its input names, read through the caller's reader", async () => {
    const md = await run("https://example.com/a.md");
    expect(md.outcome.output).toEqual({ text: expect.stringContaining("正文") });
    const json = await run("https://example.com/b.json");
    expect(json.outcome.output?.text).toContain("西安");
    expect(seen).toEqual(["https://example.com/a.md", "https://example.com/b.json"]);
  });

  it("fails the node with the reason for an unreadable type, a refused address or an empty URL", async () => {
    expect((await run("https://example.com/c.exe")).outcome.message).toContain("文档读取失败：不支持的文件类型");
    expect((await run("http://10.0.0.1/x.pdf")).outcome.message).toContain("不允许访问该地址");
    expect((await run("")).outcome.message).toContain("文件地址为空");
  });
});
