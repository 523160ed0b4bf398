import { useFetcher } from "react-router";
import { ArgTable } from "../components/plugin/arg-table";
import { PluginForm, usePluginReplies } from "../components/plugin/plugin-editor";
import { BasicFields, HttpFields } from "../components/plugin/plugin-fields";
import type { EditorReply } from "../components/plugin/plugin-form";
import { PluginHeader } from "../components/plugin/plugin-header";
import { PluginHistory } from "../components/plugin/plugin-history";
import { TestPanel } from "../components/plugin/test-panel";
import { pageTitle } from "../lib/meta";
import { withParams } from "../lib/url";
import type { Route } from "./+types/plugin-http";
import { loadPlugin, pluginAction } from "./plugin-editor.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageTitle(matches, loaderData ? `${loaderData.plugin.name} · 插件编辑` : "插件编辑");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadPlugin(context, request, params, "HTTP");
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return pluginAction(context, request, params, "HTTP");
}

/** The HTTP plugin page: basic info, the request, the argument tables, and a 试运行 panel beside them. */
export default function HttpPluginPage({ loaderData, actionData }: Route.ComponentProps) {
  const { plugin, history, showHistory, search } = loaderData;
  const fetcher = useFetcher<EditorReply>({ key: `plugin-test-${plugin.id}` });
  const { draft, errors, focus, formError, version, replaceOutputs, testReply } = usePluginReplies(
    plugin,
    actionData as EditorReply | undefined,
    fetcher.data,
  );
  const path = `/space/${plugin.spaceId}/plugin/${plugin.id}`;
  return (
    <div className="flex h-screen flex-col">
      <PluginHeader plugin={plugin} historyHref={withParams(`${path}${search}`, { history: 1 })} />
      <div className="grid min-h-0 flex-1 gap-4 overflow-y-auto p-4 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <PluginForm key={version} plugin={plugin} part="http" errors={errors} formError={formError}>
          {(shown) => (
            <>
              <BasicFields draft={draft} errors={shown} focus={focus} />
              <HttpFields draft={draft} errors={shown} focus={focus} />
              <ArgTable
                list="inputArgs"
                title="入参配置"
                description="调用方传给插件的参数；关闭“对模型可见”的参数由默认值提供。"
                rows={draft.inputArgs}
                withLocation
                errors={shown}
              />
              <ArgTable
                list="outputArgs"
                title="出参配置"
                description="从响应中按名称取出的值，模型只看到开启的出参。"
                rows={draft.outputArgs}
                errors={shown}
                replaceWith={replaceOutputs}
              />
            </>
          )}
        </PluginForm>
        <aside className="flex flex-col gap-4">
          <TestPanel inputArgs={plugin.config.inputArgs} fetcher={fetcher} reply={testReply} http />
        </aside>
      </div>
      {showHistory ? (
        <PluginHistory entries={history} closeTo={withParams(`${path}${search}`, { history: null })} />
      ) : null}
    </div>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../components/error-view";
