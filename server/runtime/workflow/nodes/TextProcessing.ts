import { nodeKinds } from "#contract/workflow-nodes";
import { renderTemplate, textOf } from "../template";
import type { NodeDefinition } from "../types";

/** `\n`, `\t`… as typed in the editor mean the characters. */
const unescaped = (s: string) =>
  s.replace(/\\([ntr\\])/g, (_, c: string) => ({ n: "\n", t: "\t", r: "\r", "\\": "\\" })[c] ?? c);

/** Splits at every delimiter; a space or `&nbsp;` delimiter splits at any run of whitespace. */
function split(text: string, splits: string[]): string[] {
  const parts: string[] = [];
  const literal = splits.filter((s) => s && s !== " " && s !== "&nbsp;").map(unescaped);
  const whitespace = splits.some((s) => s === " " || s === "&nbsp;");
  const escaped = literal.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  if (whitespace) escaped.push("\\s+");
  const pattern = escaped.length ? new RegExp(escaped.join("|")) : null;
  for (const part of pattern ? text.split(pattern) : [text]) if (part !== "") parts.push(part);
  return parts;
}

/** 文本处理: CONCAT renders `text` (lists joined with `join`), SPLIT cuts every input at the delimiters. */
export const TextProcessing: NodeDefinition = {
  kind: nodeKinds.TextProcessing,
  validate(node) {
    const config = node.nodeConfig ?? {};
    if (config.textHandleType === "SPLIT") return config.splits?.length ? [] : ["请设置分隔符"];
    return String(config.text ?? "").trim() ? [] : ["请填写要拼接的文本"];
  },
  run(ctx) {
    if (ctx.config.textHandleType === "SPLIT") {
      const splits = (ctx.config.splits ?? []) as string[];
      const output = Object.values(ctx.inputs).flatMap((v) =>
        (Array.isArray(v) ? v : [v]).flatMap((item) => split(textOf(item), splits)),
      );
      return { output: { output } };
    }
    const join = unescaped(String(ctx.config.join ?? ""));
    const format = (v: unknown) => (Array.isArray(v) ? v.map(textOf).join(join) : textOf(v));
    return { output: { output: renderTemplate(ctx.config.text, ctx.inputs, format) } };
  },
};
