import { nodeKinds } from "#contract/workflow-nodes";
import { extractDocument } from "#server/runtime/documents";
import type { NodeDefinition } from "../types";

/** The argument the original client's new node binds the file to. */
const FILE_ARG = "fileUrl";

/**
 * 文档提取: reads the document at its first input's URL — one of our own uploads (a signed download link)
 * or, through the egress guard, an outside address; which and how is the caller's `services.readDocument` —
 * and outputs its text (doc, docx, pdf, md, txt, json, xlsx by runtime/documents). A file that cannot be
 * read fails the node with the reason, so its exception setting applies.
 */
export const DocumentExtraction: NodeDefinition = {
  kind: nodeKinds.DocumentExtraction,
  replay: true,
  validate(node) {
    return node.nodeConfig?.inputArgs?.length ? [] : ["请设置要提取的文件地址"];
  },
  async run(ctx) {
    const value = ctx.inputs[FILE_ARG] ?? Object.values(ctx.inputs)[0];
    const url = (Array.isArray(value) ? value[0] : value) as unknown;
    if (typeof url !== "string" || !url.trim()) throw new Error("文件地址为空");
    if (!ctx.services.readDocument) throw new Error("文档读取环境不可用");
    const file = await ctx.services.readDocument(url.trim(), ctx.signal);
    const result = await extractDocument(file.bytes, file.fileName);
    if (!result.ok) throw new Error(`文档读取失败：${result.reason}`);
    return { output: { output: result.text } };
  },
};
