import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import type { PluginInfo, PluginTestResult } from "#contract/api/plugin";
import { type CodeUpdateInput, codeUpdateInput, type HttpUpdateInput, httpUpdateInput } from "#contract/api/plugin";
import type { Arg } from "#contract/args";
import { type CodePluginConfig, defaultPluginTimeout, type HttpPluginConfig } from "#contract/plugin";
import { type ArgRow, argsOf, argTablesSchema, fieldName, fillRow, rowsOf } from "./arg-rows";

/**
 * The plugin pages' main form, shared by the browser (checks before posting) and the route action (checks
 * again, then saves). The rules are the contract's update bodies: the posted fields are only reshaped here.
 */

/** What the form shows: the saved plugin, or what was posted when it comes back with errors or new rows. */
export interface PluginDraft {
  name: string;
  description: string;
  icon: string;
  method: string;
  url: string;
  contentType: string;
  timeout: string;
  code: string;
  inputArgs: ArgRow[];
  outputArgs: ArgRow[];
}

export type FieldErrors = Record<string, string[]>;

export interface EditorReply {
  intent: string;
  /** The form as posted (or edited by an add/remove button), shown instead of the saved plugin. */
  draft?: PluginDraft;
  errors?: FieldErrors;
  formError?: string;
  test?: PluginTestResult;
  /** Output args derived from a sample run (解析出参), waiting to be saved. */
  analyzed?: Arg[];
  /** Set by every reply so the page can tell a new one from the last. */
  at?: number;
}

/** Which parts a form carries: the code page posts either its arg tables (元数据) or its code (代码). */
export type FormPart = "http" | "metadata" | "code";

export function draftOf(plugin: PluginInfo): PluginDraft {
  const config = plugin.config as Partial<HttpPluginConfig & CodePluginConfig>;
  return {
    name: plugin.name,
    description: plugin.description,
    icon: plugin.icon,
    method: config.method ?? "GET",
    url: config.url ?? "",
    contentType: config.contentType ?? "JSON",
    timeout: String(config.timeout ?? defaultPluginTimeout),
    code: config.code ?? "",
    inputArgs: rowsOf(config.inputArgs, "in"),
    outputArgs: rowsOf(config.outputArgs, "out"),
  };
}

const textFields = z.object({
  name: z.string().optional(),
  description: z.string().optional(),
  icon: z.string().optional(),
  method: z.string().optional(),
  url: z.string().optional(),
  contentType: z.string().optional(),
  timeout: z.string().optional(),
  code: z.string().optional(),
});

/** The posted form as a draft; parts a form does not carry come from `saved`. */
export function readDraft(formData: FormData, part: FormPart, saved: PluginDraft): PluginDraft {
  // conform's parser turns indexed names (inputArgs[0].subArgs[1].name) into nested rows and "on" into true.
  const parsed = parseWithZod(formData, { schema: textFields.extend(argTablesSchema.shape) });
  const value = parsed.status === "success" ? parsed.value : undefined;
  const text = (name: keyof z.infer<typeof textFields>) => value?.[name] ?? "";
  const rows = { inputArgs: value?.inputArgs ?? [], outputArgs: value?.outputArgs ?? [] };
  const withTables = part !== "code";
  return {
    name: text("name"),
    description: text("description"),
    icon: text("icon"),
    method: (part === "http" && text("method")) || saved.method,
    url: part === "http" ? text("url") : saved.url,
    contentType: (part === "http" && text("contentType")) || saved.contentType,
    timeout: text("timeout"),
    code: part === "code" ? String(formData.get("code") ?? "") : saved.code,
    inputArgs: withTables ? rows.inputArgs.map((r, i) => fillRow(r, `in-${i}`)) : saved.inputArgs,
    outputArgs: withTables ? rows.outputArgs.map((r, i) => fillRow(r, `out-${i}`)) : saved.outputArgs,
  };
}

const timeoutOf = (text: string) => (text.trim() === "" ? undefined : Number(text));

/** The issues of a contract check as errors under the form's fields ("config.inputArgs.0.name" → "inputArgs[0].name"). */
function errorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path[0] === "config" ? issue.path.slice(1) : issue.path;
    const name = fieldName(path) || "";
    errors[name] = [...(errors[name] ?? []), issue.message];
  }
  return errors;
}

type Checked<T> = { ok: true; body: T } | { ok: false; errors: FieldErrors };

/** The HTTP plugin's update body, checked by the contract's rules. */
export function checkHttp(id: number, draft: PluginDraft): Checked<HttpUpdateInput> {
  const parsed = httpUpdateInput.safeParse({
    id,
    name: draft.name,
    description: draft.description,
    icon: draft.icon,
    config: {
      method: draft.method,
      url: draft.url,
      contentType: draft.contentType,
      timeout: timeoutOf(draft.timeout),
      inputArgs: argsOf(draft.inputArgs, true),
      outputArgs: argsOf(draft.outputArgs, false),
    },
  });
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, errors: errorsOf(parsed.error) };
}

/** The code plugin's update body, checked by the contract's rules. */
export function checkCode(id: number, draft: PluginDraft): Checked<CodeUpdateInput> {
  const parsed = codeUpdateInput.safeParse({
    id,
    name: draft.name,
    description: draft.description,
    icon: draft.icon,
    config: {
      code: draft.code,
      timeout: timeoutOf(draft.timeout),
      inputArgs: argsOf(draft.inputArgs, false),
      outputArgs: argsOf(draft.outputArgs, false),
    },
  });
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, errors: errorsOf(parsed.error) };
}

/** The first field with an error, in the order the form shows them (for focus). */
export function firstErrorField(errors: FieldErrors | undefined) {
  return errors ? Object.keys(errors).find((name) => errors[name]?.length) : undefined;
}
