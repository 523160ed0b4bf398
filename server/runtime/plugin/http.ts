import { defaultPluginTimeout, type HttpPluginConfig } from "#contract/plugin";
import { guardedFetch, isEgressError } from "../egress";
import { resolveInputs } from "./args";
import { extractOutputs } from "./output";
import { type Arg, MAX_RESPONSE_BYTES, PluginError, type PluginRunResult, type PluginRuntimeDeps } from "./types";

type Location = "Query" | "Body" | "Header" | "Path";

/** Where an arg travels: its inputType, else the body for methods that have one and the query for the others. */
function locationOf(arg: Arg, method: string): Location {
  const t = arg.inputType;
  if (t === "Query" || t === "Header" || t === "Path") return t;
  if (t === "Body") return method === "GET" ? "Query" : "Body";
  return method === "GET" || method === "DELETE" ? "Query" : "Body";
}

const text = (v: unknown) => (typeof v === "object" && v !== null ? JSON.stringify(v) : String(v));

/** The URL with `{name}` path parameters filled in and query args appended, checked to be http(s). */
function buildUrl(template: string, path: Record<string, unknown>, query: Record<string, unknown>) {
  const filled = template
    .trim()
    .replace(/\{\s*([A-Za-z_][\w-]*)\s*\}/g, (whole, name: string) =>
      name in path ? encodeURIComponent(text(path[name])) : whole,
    );
  let url: URL;
  try {
    url = new URL(filled);
  } catch {
    throw new PluginError("插件地址不是有效的 http(s) 地址");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new PluginError("插件地址只能是 http 或 https");
  const missing = /\{\s*([A-Za-z_][\w-]*)\s*\}/.exec(decodeURI(url.pathname));
  if (missing) throw new PluginError(`地址中的路径参数 ${missing[1]} 没有值`);
  for (const [name, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(name, text(v));
  }
  return url;
}

/** The request body in the configured encoding; a content type set by a header arg wins over ours. */
function buildBody(contentType: HttpPluginConfig["contentType"], body: Record<string, unknown>) {
  if (contentType === "FORM_DATA") {
    const form = new FormData();
    for (const [k, v] of Object.entries(body)) form.append(k, text(v));
    return { body: form, type: null };
  }
  if (contentType === "X_WWW_FORM_URLENCODED") {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(body)) form.append(k, text(v));
    return { body: form.toString(), type: "application/x-www-form-urlencoded" };
  }
  if (contentType === "OTHER") {
    // Raw text: one body arg is sent as it is; several are sent as JSON text.
    const values = Object.values(body);
    return { body: values.length === 1 ? text(values[0]) : JSON.stringify(body), type: "text/plain; charset=utf-8" };
  }
  return { body: JSON.stringify(body), type: "application/json" };
}

/** Header values must be printable ASCII on the wire: anything else travels percent-encoded. */
const headerValue = (v: string) => (/^[\x20-\x7e\t]*$/.test(v) ? v : encodeURIComponent(v));

const timeoutOf = (seconds: unknown) => Math.min(60, Math.max(1, Number(seconds) || defaultPluginTimeout));

/** Why a request failed, as the builder should read it. */
function describeFailure(error: unknown, timeout: number) {
  if (isEgressError(error)) {
    if (error.reason === "timeout") return `插件执行超时（超过 ${timeout} 秒）`;
    if (error.reason === "too-large") return `插件返回的内容超过 ${MAX_RESPONSE_BYTES / 1024 / 1024} MB 上限`;
    return error.message;
  }
  if (error instanceof PluginError) return error.message;
  if ((error as Error)?.name === "AbortError") return "插件调用已取消";
  return `插件调用失败：${(error as Error)?.message ?? String(error)}`;
}

function parseBody(raw: string, contentType: string) {
  const looksJson = /json/i.test(contentType) || /^\s*[[{]/.test(raw);
  if (!looksJson) return { json: false, value: raw };
  try {
    const parsed = JSON.parse(raw);
    // A top-level array gets a name, so output args can point at it.
    return { json: true, value: Array.isArray(parsed) ? { ROOT_ARRAY: parsed } : parsed };
  } catch {
    return { json: false, value: raw };
  }
}

/**
 * One HTTP plugin call through the egress guard: args routed to query, path, headers or body, the response read
 * up to the size cap, outputs extracted by name (`HTTP_BODY`, `HTTP_STATUS_CODE`, `HTTP_HEADERS` give the raw
 * response). With no declared outputs the whole parsed body is the data (the 解析出参 sample run).
 */
export async function runHttp(
  deps: PluginRuntimeDeps,
  config: Partial<HttpPluginConfig>,
  params: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<Omit<PluginRunResult, "requestId" | "costTime">> {
  const method = config.method ?? "GET";
  const timeout = timeoutOf(config.timeout);
  const parts: Record<Location, Record<string, unknown>> = { Query: {}, Body: {}, Header: {}, Path: {} };
  try {
    const inputs = config.inputArgs ?? [];
    const values = resolveInputs(inputs, params);
    for (const arg of inputs) {
      if (values[arg.name] !== undefined) parts[locationOf(arg, method)][arg.name] = values[arg.name];
    }
    const url = buildUrl(config.url ?? "", parts.Path, parts.Query);
    const headers = new Headers();
    for (const [k, v] of Object.entries(parts.Header)) headers.set(k, headerValue(text(v)));
    let body: BodyInit | undefined;
    if (method !== "GET") {
      const built = buildBody(config.contentType ?? "JSON", parts.Body);
      body = built.body;
      if (built.type && !headers.has("content-type")) headers.set("content-type", built.type);
    }
    const egressFetch = guardedFetch(deps.config, {
      totalTimeoutMs: timeout * 1000,
      headersTimeoutMs: timeout * 1000,
      connectTimeoutMs: Math.min(timeout, 10) * 1000,
      maxResponseBytes: MAX_RESPONSE_BYTES,
    });
    const response = await egressFetch(url, { method, headers, body, signal });
    const raw = await response.text();
    const responseHeaders = Object.fromEntries(response.headers.entries());
    const parsed = parseBody(raw, response.headers.get("content-type") ?? "");
    const outputs = config.outputArgs ?? [];
    const rawValues = { HTTP_BODY: raw, HTTP_STATUS_CODE: response.status, HTTP_HEADERS: responseHeaders };
    const data = outputs.length
      ? { ...extractOutputs(parsed.value, outputs), ...pickRaw(outputs, rawValues) }
      : parsed.value;
    const ok = response.status >= 200 && response.status < 300;
    return {
      success: ok,
      result: {
        ...(data && typeof data === "object" && !Array.isArray(data) ? data : {}),
        ...rawValues,
        data,
      },
      logs: [`${method} ${url.origin}${url.pathname} → ${response.status}`],
      error: ok ? null : `接口返回错误状态码 ${response.status}`,
    };
  } catch (error) {
    return { success: false, result: { data: null }, logs: [], error: describeFailure(error, timeout) };
  }
}

/** Raw response values for outputs that are named after them. */
function pickRaw(outputs: Arg[], raw: Record<string, unknown>) {
  return Object.fromEntries(outputs.filter((a) => a.name in raw).map((a) => [a.name, raw[a.name]]));
}
