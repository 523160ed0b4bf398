import { ClientOnly } from "remix-utils/client-only";
import { WorkflowEditor } from "#app/components/workflow/editor.client";
import { fromDetail } from "#app/components/workflow/graph";
import { WorkflowOutline } from "#app/components/workflow/outline";
import { StaticRun } from "#app/components/workflow/run-static";
import { WorkflowHeader, workflowPath } from "#app/components/workflow/workflow-header";
import { WorkflowHistory } from "#app/components/workflow/workflow-history";
import { pageTitle } from "#app/lib/meta";
import { withParams } from "#app/lib/url";
import type { Arg } from "#contract/args";
import type { Route } from "./+types/workflow-editor";
import { loadWorkflow, type RunReply, workflowAction } from "./workflow-editor.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageTitle(matches, loaderData ? `${loaderData.workflow.name} · 工作流编辑` : "工作流编辑");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadWorkflow(context, request, params);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return workflowAction(context, request, params);
}

/**
 * The workflow editor. With JavaScript: the canvas (client only). Without: the graph as a readable outline and
 * the 试运行 form, run on the server. The history drawer is the page's either way.
 */
export default function WorkflowEditorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { workflow, history, showHistory, search, generation } = loaderData;
  const path = workflowPath(workflow);
  const historyHref = withParams(`${path}${search}`, { history: 1 });
  const graph = fromDetail(workflow);
  const names = new Map(graph.nodes.map((n) => [n.id, n.name]));
  return (
    <>
      <ClientOnly
        fallback={
          <div className="flex min-h-screen flex-col">
            <WorkflowHeader workflow={workflow} historyHref={historyHref} />
            <main className="grid gap-4 p-4 lg:grid-cols-[minmax(0,1fr)_26rem]">
              <WorkflowOutline graph={graph} />
              <aside>
                <StaticRun
                  args={workflow.inputArgs as Arg[]}
                  names={names}
                  reply={actionData as RunReply | undefined}
                />
              </aside>
            </main>
          </div>
        }
      >
        {() => <WorkflowEditor key={`${workflow.id}|${generation}`} workflow={workflow} historyHref={historyHref} />}
      </ClientOnly>
      {showHistory ? (
        <WorkflowHistory entries={history} closeTo={withParams(`${path}${search}`, { history: null })} />
      ) : null}
    </>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "#app/components/error-view";
