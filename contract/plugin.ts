import { type Arg, argSchema } from "./args";
import { z } from "./zod";

/**
 * A plugin's stored configuration (reference original-frontend.md §1.12, original-backend.md §7.1): the shape the
 * editor saves, the plugin module stores and versions, and the plugin runtime executes. One source for all three.
 */
export const pluginTypes = ["HTTP", "CODE"] as const;
export const codeLanguages = ["JavaScript", "Python"] as const;
export const httpMethods = ["GET", "POST", "PUT", "DELETE"] as const;
export const httpContentTypes = ["JSON", "FORM_DATA", "X_WWW_FORM_URLENCODED", "OTHER"] as const;
/** Where an HTTP plugin's input arg travels. */
export const httpArgLocations = ["Query", "Body", "Header", "Path"] as const;

export const pluginTypeSchema = z.enum(pluginTypes, { error: "插件类型只能是 HTTP 或 CODE" });
export const codeLanguageSchema = z.enum(codeLanguages, { error: "代码语言只能是 JavaScript 或 Python" });

/** Seconds; the UI's default is 10 and no plugin may wait longer than a minute. */
export const pluginTimeoutSchema = z
  .number({ error: "超时时间必须是数字" })
  .int("超时时间必须是整数")
  .min(1, "超时时间至少 1 秒")
  .max(60, "超时时间最多 60 秒");
export const defaultPluginTimeout = 10;

const argsSchema = z.array(argSchema).max(100, "参数最多 100 个");

export const httpPluginConfigSchema = z.object({
  method: z.enum(httpMethods, { error: "请求方法只能是 GET、POST、PUT 或 DELETE" }).default("GET"),
  /** May hold `{name}` path parameters; checked as http(s) when the plugin runs, after substitution. */
  url: z.string().trim().max(2000, "地址最多 2000 个字符").default(""),
  contentType: z.enum(httpContentTypes, { error: "请求体类型不支持" }).default("JSON"),
  timeout: pluginTimeoutSchema.default(defaultPluginTimeout),
  inputArgs: argsSchema.default([]),
  outputArgs: argsSchema.default([]),
});
export type HttpPluginConfig = z.infer<typeof httpPluginConfigSchema>;

export const codePluginConfigSchema = z.object({
  code: z.string().max(100_000, "代码最多 100000 个字符").default(""),
  timeout: pluginTimeoutSchema.default(defaultPluginTimeout),
  inputArgs: argsSchema.default([]),
  outputArgs: argsSchema.default([]),
});
export type CodePluginConfig = z.infer<typeof codePluginConfigSchema>;

export type PluginConfig = HttpPluginConfig | CodePluginConfig;
export type PluginArg = Arg;

/** Starter code a new code plugin opens with, per language (the entry points of original-backend.md §7.1). */
export const starterCode: Record<(typeof codeLanguages)[number], string> = {
  JavaScript: [
    "// args 含全部入参，以及系统变量 args.SYS_VARS",
    "export default async function main(args) {",
    '  return { result: "你好，" + (args.name ?? "世界") };',
    "}",
    "",
  ].join("\n"),
  Python: [
    "# args 含全部入参，以及系统变量 args['SYS_VARS']",
    "def main(args: dict) -> dict:",
    '    return {"result": "你好，" + str(args.get("name", "世界"))}',
    "",
  ].join("\n"),
};
