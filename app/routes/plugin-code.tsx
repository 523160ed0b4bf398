import { useState } from "react";
import { useFetcher } from "react-router";
import { ArgTable } from "../components/plugin/arg-table";
import { CodeAssistant } from "../components/plugin/code-assistant";
import { CodeEditor } from "../components/plugin/code-editor";
import { PluginForm, usePluginReplies } from "../components/plugin/plugin-editor";
import { BasicFields, TimeoutField } from "../components/plugin/plugin-fields";
import type { EditorReply, PluginDraft } from "../components/plugin/plugin-form";
import { PluginHeader } from "../components/plugin/plugin-header";
import { PluginHistory } from "../components/plugin/plugin-history";
import { TestPanel } from "../components/plugin/test-panel";
import { Tabs } from "../components/ui/tabs";
import { pageTitle } from "../lib/meta";
import { withParams } from "../lib/url";
import type { Route } from "./+types/plugin-code";
import { loadPlugin, pluginAction } from "./plugin-editor.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageTitle(matches, loaderData ? `${loaderData.plugin.name} · 代码插件` : "代码插件");

const modes = [
  { key: "code", label: "代码" },
  { key: "metadata", label: "元数据" },
] as const;
type Mode = (typeof modes)[number]["key"];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const loaded = await loadPlugin(context, request, params, "CODE");
  const mode: Mode = new URL(request.url).searchParams.get("mode") === "metadata" ? "metadata" : "code";
  return { ...loaded, mode };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return pluginAction(context, request, params, "CODE");
}

/** The code plugin page: 代码 (Monaco, or a textarea without JavaScript) or 元数据 (the arg tables), and 试运行. */
export default function CodePluginPage({ loaderData, actionData }: Route.ComponentProps) {
  const { plugin, history, showHistory, search, mode } = loaderData;
  const fetcher = useFetcher<EditorReply>({ key: `plugin-test-${plugin.id}` });
  const replies = usePluginReplies(plugin, actionData as EditorReply | undefined, fetcher.data);
  const { draft, errors, focus, formError, version, replaceOutputs, testReply } = replies;
  const here = `/space/${plugin.spaceId}/plugin/${plugin.id}/cloud-tool${search}`;
  const language = plugin.codeLang ?? "JavaScript";
  return (
    <div className="flex h-screen flex-col">
      <PluginHeader plugin={plugin} historyHref={withParams(here, { history: 1 })} />
      <div className="px-4 pt-3">
        <div className="w-56">
          <Tabs
            items={modes.map((m) => ({ ...m, to: withParams(here, { mode: m.key, history: null }) }))}
            active={mode}
            label="编辑模式"
          />
        </div>
      </div>
      <div className="grid min-h-0 flex-1 gap-4 overflow-y-auto p-4 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <PluginForm key={version} plugin={plugin} part={mode} errors={errors} formError={formError}>
          {(shown) => (
            <>
              <BasicFields draft={draft} errors={shown} focus={focus} />
              <TimeoutField draft={draft} errors={shown} focus={focus} />
              {mode === "code" ? (
                <CodeSection draft={draft} language={language} error={shown?.code?.[0]} />
              ) : (
                <>
                  <ArgTable
                    list="inputArgs"
                    title="入参配置"
                    description="代码从 args 读取入参，例如 args.name。"
                    rows={draft.inputArgs}
                    errors={shown}
                  />
                  <ArgTable
                    list="outputArgs"
                    title="出参配置"
                    description="main 返回的对象中按名称取出的值。"
                    rows={draft.outputArgs}
                    errors={shown}
                    replaceWith={replaceOutputs}
                  />
                </>
              )}
            </>
          )}
        </PluginForm>
        <aside className="flex flex-col gap-4">
          <TestPanel inputArgs={plugin.config.inputArgs} fetcher={fetcher} reply={testReply} http={false} />
        </aside>
      </div>
      {showHistory ? <PluginHistory entries={history} closeTo={withParams(here, { history: null })} /> : null}
    </div>
  );
}

/** The editor and, beside it, the assistant that can replace its code. */
function CodeSection({
  draft,
  language,
  error,
}: {
  draft: PluginDraft;
  language: "JavaScript" | "Python";
  error?: string;
}) {
  const [code, setCode] = useState(draft.code);
  return (
    <section aria-label="代码" className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="flex flex-col gap-1.5">
        <h2 className="font-semibold">代码（{language}）</h2>
        <p className="text-[13px] text-gray-500">
          {language === "Python"
            ? "入口为 def main(args: dict) -> dict，print 的内容出现在日志中。"
            : "入口为 export default async function main(args)，console.log 的内容出现在日志中。"}
        </p>
        <CodeEditor name="code" value={code} onChange={setCode} language={language} error={error} />
      </div>
      <CodeAssistant language={language} code={code} onReplace={setCode} />
    </section>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../components/error-view";
