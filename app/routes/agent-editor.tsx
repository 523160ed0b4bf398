import { clsx } from "clsx";
import { ConfigColumn } from "../components/agent-editor/config-column";
import { DebugPane } from "../components/agent-editor/debug-pane";
import { EditorHeader } from "../components/agent-editor/editor-header";
import { PromptEditor } from "../components/agent-editor/prompt-editor";
import type { EditorReply } from "../components/agent-editor/schemas";
import { variablesOf } from "../components/agent-editor/variable-section";
import { HistoryDrawer } from "../components/history/history-drawer";
import { Tabs } from "../components/ui/tabs";
import { pageTitle } from "../lib/meta";
import { agentIdParam, spaceIdParam } from "../lib/url";
import type { Route } from "./+types/agent-editor";
import { editorAction, loadEditor } from "./agent-editor.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageTitle(matches, loaderData ? `${loaderData.agent.name} · 智能体编辑` : "智能体编辑");

const columns = [
  { key: "config", label: "配置" },
  { key: "prompt", label: "提示词" },
  { key: "debug", label: "预览与调试" },
] as const;
type Column = (typeof columns)[number]["key"];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const spaceId = spaceIdParam(params.spaceId);
  const loaded = await loadEditor(context, request, spaceId, agentIdParam(params.agentId));
  const url = new URL(request.url);
  const tab = columns.find((c) => c.key === url.searchParams.get("tab"))?.key ?? "prompt";
  return {
    ...loaded,
    tab: tab as Column,
    showHistory: url.searchParams.has("history"),
    variableEditing: url.searchParams.get("variable"),
    search: url.search,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  spaceIdParam(params.spaceId);
  return editorAction(context, request, agentIdParam(params.agentId));
}

/** This page's URL with some query parameters set (or removed, for null). */
function withParams(pathname: string, search: string, changes: Record<string, string | null>) {
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The agent editor: config | prompt | debug in three columns on wide screens, tabs on narrow ones. */
export default function AgentEditorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { agent, history, systemVariables, models, library, favourites, triggerStates } = loaderData;
  const { tab, showHistory, variableEditing, search } = loaderData;
  const path = `/space/${agent.spaceId}/agent/${agent.id}`;
  const href = (changes: Record<string, string | null>) => withParams(path, search, changes);
  const reply = actionData as EditorReply | undefined;
  const column = (key: Column) =>
    clsx("min-h-0 flex-col gap-3 overflow-y-auto", tab === key ? "flex" : "hidden lg:flex");

  return (
    <div className="flex h-screen flex-col">
      <EditorHeader agent={agent} historyHref={href({ history: "1" })} />
      <div className="px-4 pt-3 lg:hidden">
        <Tabs items={columns.map((c) => ({ ...c, to: href({ tab: c.key }) }))} active={tab} label="编辑区域" />
      </div>
      <div className="grid min-h-0 flex-1 gap-4 p-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)_minmax(0,1fr)]">
        <section aria-label="配置" className={column("config")}>
          <ConfigColumn
            agent={agent}
            models={models}
            library={library}
            favourites={favourites}
            triggerStates={triggerStates}
            variableEditing={variableEditing}
            variableHref={(key) => href({ variable: key })}
            closeHref={href({ variable: null })}
            variableAddOpen={reply?.intent === "variable-save" && !reply.key}
          />
        </section>
        <section
          aria-label="提示词"
          className={clsx(column("prompt"), "rounded-card border border-gray-200 bg-white p-4")}
        >
          <PromptEditor
            agentId={agent.id}
            systemPrompt={agent.systemPrompt}
            variables={{ own: variablesOf(agent), system: systemVariables }}
          />
        </section>
        <section aria-label="预览与调试" className={column("debug")}>
          <DebugPane agent={agent} />
        </section>
      </div>
      {showHistory ? (
        <HistoryDrawer
          entries={history}
          closeTo={href({ history: null })}
          title="变更记录"
          emptyText="还没有变更记录。"
          titleId="history-title"
        />
      ) : null}
    </div>
  );
}
