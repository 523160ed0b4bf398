import type { Arg } from "#contract/args";
import { nodeKinds } from "#contract/workflow-nodes";
import { guardedFetch } from "#server/runtime/egress";
import { extractOutputs } from "#server/runtime/plugin";
import { renderTemplate, textOf } from "../template";
import type { NodeDefinition } from "../types";

const RAW = new Set(["HTTP_BODY", "HTTP_HEADERS", "HTTP_STATUS_CODE"]);
const MAX_RESPONSE_BYTES = 2 * 1024 * 1024;
const DEFAULT_TIMEOUT_S = 60;

function requestBody(contentType: string, values: Record<string, unknown>, headers: Record<string, string>) {
  if (contentType === "JSON") {
    headers["content-type"] ??= "application/json";
    return JSON.stringify(values);
  }
  if (contentType === "FORM_DATA") {
    const form = new FormData();
    for (const [k, v] of Object.entries(values)) form.append(k, textOf(v));
    return form;
  }
  if (contentType === "X_WWW_FORM_URLENCODED") {
    return new URLSearchParams(Object.entries(values).map(([k, v]) => [k, textOf(v)]));
  }
  // OTHER: the body is sent as text, the values joined as they are.
  return Object.values(values).map(textOf).join("");
}

/**
 * http请求: the URL template rendered with the node's inputs, headers, query and body from their argument
 * lists, sent only through runtime/egress (private addresses refused unless the admin allows them). Outputs
 * the raw body, headers and status, plus output arguments read from a JSON body; a 4xx/5xx answer fails.
 */
export const HTTPRequest: NodeDefinition = {
  kind: nodeKinds.HTTPRequest,
  replay: true,
  validate(node) {
    const url = String(node.nodeConfig?.url ?? "").trim();
    if (!url) return ["请填写请求地址"];
    if (!url.startsWith("{{") && !/^https?:\/\//i.test(url)) return ["请求地址必须以 http:// 或 https:// 开头"];
    return [];
  },
  async run(ctx) {
    const method = String(ctx.config.method ?? "GET").toUpperCase();
    let url: URL;
    try {
      url = new URL(renderTemplate(ctx.config.url, ctx.inputs).trim());
    } catch {
      throw new Error("请求地址不是有效的网址");
    }
    for (const [k, v] of Object.entries(ctx.resolveArgs(ctx.config.queries))) url.searchParams.append(k, textOf(v));
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(ctx.resolveArgs(ctx.config.headers))) headers[k.toLowerCase()] = textOf(v);
    const values = ctx.resolveArgs(ctx.config.body);
    const body =
      method === "GET" || !Object.keys(values).length
        ? undefined
        : requestBody(String(ctx.config.contentType ?? "JSON"), values, headers);
    const seconds = Number(ctx.config.timeout ?? DEFAULT_TIMEOUT_S);
    const send = guardedFetch(ctx.services.egress ?? { EGRESS_ALLOW: "" }, {
      ...ctx.services.egress?.limits,
      totalTimeoutMs: seconds * 1000,
      maxResponseBytes: MAX_RESPONSE_BYTES,
    });
    const response = await send(url, { method, headers, body, signal: ctx.signal });
    const text = await response.text();
    if (response.status >= 400) {
      throw new Error(`HTTP 请求失败，状态码 ${response.status}${text ? `：${text.slice(0, 200)}` : ""}`);
    }
    const output: Record<string, unknown> = {
      HTTP_BODY: text,
      HTTP_HEADERS: JSON.stringify(Object.fromEntries(response.headers)),
      HTTP_STATUS_CODE: response.status,
    };
    const fields = ((ctx.config.outputArgs ?? []) as Arg[]).filter((a) => !RAW.has(a.name));
    if (fields.length) {
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        // not JSON: the declared fields stay empty, the raw body is there
      }
      Object.assign(output, extractOutputs(json, fields));
    }
    return { output };
  },
};
