import { clsx } from "clsx";
import { FlaskConical, Play, Wand2 } from "lucide-react";
import type { FetcherWithComponents } from "react-router";
import type { PluginTestResult } from "#contract/api/plugin";
import type { Arg } from "#contract/args";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { controlClass } from "../ui/input";
import type { EditorReply } from "./plugin-form";

interface TestPanelProps {
  /** The saved input args: a run uses the saved configuration. */
  inputArgs: readonly Arg[];
  fetcher: FetcherWithComponents<EditorReply>;
  /** The latest reply of this panel's form (from the fetcher, or the page's action without JavaScript). */
  reply?: EditorReply;
  /** Only HTTP plugins answer with a status, headers and a body; both can 解析出参. */
  http: boolean;
}

const sampleText = (arg: Arg) => {
  const value = arg.bindValue;
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
};

const isJson = (dataType: string) => dataType === "Object" || dataType.startsWith("Array_");

/**
 * 试运行: a value per input arg (pre-filled with its default), run against the saved plugin; shows the outcome,
 * the time taken, the HTTP status, headers and body (HTTP) or the output and logs (code). 解析出参 turns the
 * response into the output-arg table, to check and save.
 */
export function TestPanel({ inputArgs, fetcher, reply, http }: TestPanelProps) {
  const busy = fetcher.state !== "idle";
  const running = busy ? fetcher.formData?.get("intent") : null;
  const result = reply?.intent === "test" ? reply.test : undefined;
  const failure = reply?.intent === "test" || reply?.intent === "analyze" ? reply.formError : undefined;
  return (
    <section aria-label="试运行" className="flex flex-col gap-3 rounded-card border border-gray-200 bg-white p-4">
      <h2 className="flex items-center gap-2 font-semibold">
        <FlaskConical className="size-4 text-primary-600" aria-hidden />
        试运行
      </h2>
      <p className="text-[13px] text-gray-500">使用已保存的配置运行，修改后请先保存。</p>
      <fetcher.Form method="post" className="flex flex-col gap-3" noValidate>
        {inputArgs.length === 0 ? <p className="text-[13px] text-gray-500">插件没有入参，直接运行即可。</p> : null}
        {inputArgs.map((arg, i) => {
          const id = `sample-${i}`;
          return (
            <div key={arg.key ?? arg.name} className="flex flex-col gap-1">
              <label htmlFor={id} className="flex items-center gap-2 font-medium text-gray-800">
                {arg.name}
                <span className="font-normal text-[12px] text-gray-500">{arg.dataType}</span>
                {arg.require ? <span className="text-[12px] text-danger-600">必填</span> : null}
              </label>
              {isJson(arg.dataType) ? (
                <textarea
                  id={id}
                  name={`sample.${i}`}
                  defaultValue={sampleText(arg)}
                  rows={3}
                  placeholder="JSON"
                  className={clsx(controlClass, "py-2 font-mono text-[13px]")}
                />
              ) : (
                <input
                  id={id}
                  name={`sample.${i}`}
                  defaultValue={sampleText(arg)}
                  placeholder={arg.description || "示例值"}
                  className={clsx(controlClass, "h-9")}
                />
              )}
            </div>
          );
        })}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="test" loading={running === "test"} disabled={busy}>
            <Play className="size-4" aria-hidden />
            运行
          </Button>
          <Button
            type="submit"
            name="intent"
            value="analyze"
            variant="secondary"
            loading={running === "analyze"}
            disabled={busy}
          >
            <Wand2 className="size-4" aria-hidden />
            解析出参
          </Button>
        </div>
      </fetcher.Form>
      {failure ? (
        <p role="alert" className="text-[13px] text-danger-600">
          {failure}
        </p>
      ) : null}
      {reply?.intent === "analyze" && reply.analyzed ? (
        <p role="status" className="text-[13px] text-success-700">
          已根据运行结果生成 {reply.analyzed.length} 个出参，检查后请保存。
        </p>
      ) : null}
      {result ? <TestResult result={result} http={http} /> : null}
    </section>
  );
}

const pretty = (value: unknown) => {
  if (value === undefined) return "";
  if (typeof value === "string") {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  return JSON.stringify(value, null, 2);
};

function Block({ title, children }: { title: string; children: string }) {
  return (
    <div className="flex flex-col gap-1">
      <h3 className="font-medium text-[13px] text-gray-700">{title}</h3>
      <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-all rounded-md border border-gray-200 bg-gray-50 p-2 font-mono text-[12px]">
        {children || "（空）"}
      </pre>
    </div>
  );
}

/** One run's outcome. */
export function TestResult({ result, http }: { result: PluginTestResult; http: boolean }) {
  const status = result.result?.HTTP_STATUS_CODE;
  return (
    <section aria-label="运行结果" className="flex flex-col gap-2 border-gray-100 border-t pt-3">
      <p className="flex flex-wrap items-center gap-2 text-[13px]">
        <Badge tone={result.success ? "success" : "danger"}>{result.success ? "运行成功" : "运行失败"}</Badge>
        {http && status !== undefined ? <span>状态码 {status}</span> : null}
        <span className="text-gray-500">耗时 {result.costTime} 毫秒</span>
      </p>
      {result.error ? (
        <p role="alert" className="text-[13px] text-danger-600">
          {result.error}
        </p>
      ) : null}
      {http && result.result ? (
        <>
          <Block title="响应体">{pretty(result.result.HTTP_BODY)}</Block>
          <Block title="响应头">
            {Object.entries(result.result.HTTP_HEADERS ?? {})
              .map(([k, v]) => `${k}: ${v}`)
              .join("\n")}
          </Block>
        </>
      ) : null}
      {result.result ? <Block title="输出">{pretty(result.result.data)}</Block> : null}
      {!http || result.logs.length ? <Block title="日志">{result.logs.join("\n")}</Block> : null}
    </section>
  );
}
