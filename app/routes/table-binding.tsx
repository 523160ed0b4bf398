import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { BindingForm } from "#app/components/table/binding-form";
import { agentEditorPath } from "#app/components/table/paths";
import { Card } from "#app/components/ui/card";
import { pageTitle } from "#app/lib/meta";
import type { Route } from "./+types/table-binding";
import type { BindingReply } from "./table-binding.server";
import { bindingAction, loadBinding } from "./table-binding.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageTitle(matches, loaderData ? `${loaderData.table.tableName} · 数据表设置` : "数据表设置");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadBinding(context, request, params);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return bindingAction(context, request, params);
}

/** 智能体编辑 → 数据表 → 设置: how the agent uses one bound table. */
export default function TableBindingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { agent, table, variables } = loaderData;
  const reply = actionData as BindingReply | undefined;
  const back = agentEditorPath(agent.spaceId, agent.id);
  return (
    <div className="flex justify-center p-6">
      <div className="flex w-full max-w-3xl flex-col gap-4">
        <Link to={back} className="inline-flex items-center gap-1 text-[13px] text-gray-600 hover:underline">
          <ArrowLeft className="size-4" aria-hidden />
          返回智能体「{agent.name}」
        </Link>
        <Card title={`数据表设置 · ${table.tableName}`} description="智能体如何读写这张数据表。">
          <BindingForm
            draft={reply?.draft ?? loaderData.draft}
            variables={variables}
            formError={reply?.formError}
            cancelTo={back}
          />
        </Card>
      </div>
    </div>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "#app/components/error-view";
