import type { Arg } from "#contract/args";
import { validateArgs } from "./args-state";
import type { ReferenceOption } from "./graph";
import { templateProblems } from "./template";
import type { NodeConfig } from "./types";

export const httpMethods = ["GET", "POST", "PUT", "DELETE"] as const;
export const MAX_HTTP_TIMEOUT = 300;
const args = (value: unknown): Arg[] => (Array.isArray(value) ? (value as Arg[]) : []);
export const inputNames = (config: NodeConfig) =>
  args(config.inputArgs)
    .map((a) => a.name)
    .filter(Boolean);

/** The request's problems: an address (http/https, or a template of the node's inputs), a sane timeout, well-bound tables. */
export function validateHttp(config: NodeConfig, references: readonly ReferenceOption[]): string[] {
  const problems: string[] = [];
  const url = String(config.url ?? "").trim();
  if (!url) problems.push("请填写请求地址");
  else if (!url.startsWith("{{") && !/^https?:\/\//i.test(url))
    problems.push("请求地址必须以 http:// 或 https:// 开头");
  problems.push(...templateProblems("请求地址", url, inputNames(config)));
  const timeout = config.timeout;
  if (
    timeout != null &&
    !(typeof timeout === "number" && Number.isInteger(timeout) && timeout > 0 && timeout <= MAX_HTTP_TIMEOUT)
  ) {
    problems.push(`超时时间必须是 1 到 ${MAX_HTTP_TIMEOUT} 秒的整数`);
  }
  const rules = (label: string) => ({ label, bindable: true, references });
  problems.push(...validateArgs(args(config.inputArgs), rules("输入参数")));
  problems.push(...validateArgs(args(config.headers), rules("请求头")));
  problems.push(...validateArgs(args(config.queries), rules("查询参数")));
  if (config.method !== "GET") problems.push(...validateArgs(args(config.body), rules("请求体")));
  problems.push(...validateArgs(args(config.outputArgs), { label: "提取字段" }));
  return problems;
}
