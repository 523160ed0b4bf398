import { useLocation } from "react-router";
import { AddContentLinks, DocumentList } from "#app/components/knowledge/document-list";
import { DocumentPane } from "#app/components/knowledge/document-pane";
import { KnowledgeHeader } from "#app/components/knowledge/knowledge-header";
import { useLiveDocs } from "#app/components/knowledge/live-docs";
import { QaPanel } from "#app/components/knowledge/qa-panel";
import { SearchPanel } from "#app/components/knowledge/search-panel";
import { SettingsPanel } from "#app/components/knowledge/settings-panel";
import { pageTitle } from "#app/lib/meta";
import type { Route } from "./+types/knowledge-detail";
import {
  type KnowledgeActionReply,
  knowledgeAction,
  loadEmbeddingOptions,
  loadKnowledge,
  loadTab,
} from "./knowledge-detail.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageTitle(matches, loaderData ? `${loaderData.kb.name} · 知识库` : "知识库");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const kb = await loadKnowledge(context, request, params);
  const tab = await loadTab(context, request, kb);
  const embeddingOptions =
    tab.tab === "settings"
      ? await loadEmbeddingOptions(context, request, kb.spaceId, {
          id: kb.embeddingModelId,
          name: kb.embeddingModelName,
        })
      : [];
  return { kb, data: tab, embeddingOptions };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return knowledgeAction(context, request, params);
}

const replyFor = (reply: KnowledgeActionReply | undefined, intent: string) =>
  reply?.intent === intent ? reply.result : undefined;

/** A knowledge base: its documents (live status, segments), QA pairs, 检索测试 and settings, one tab at a time. */
export default function KnowledgePage({ loaderData, actionData }: Route.ComponentProps) {
  const { kb, data, embeddingOptions } = loaderData;
  const location = useLocation();
  const here = location.pathname + location.search;
  const reply = actionData as KnowledgeActionReply | undefined;
  const canEdit = kb.permissions.includes("Edit");
  return (
    <div className="flex flex-col gap-5 p-4 md:p-8">
      <KnowledgeHeader kb={kb} tab={data.tab} />
      {data.tab === "docs" ? (
        <DocsTab kb={kb} data={data} here={here} canEdit={canEdit} reply={reply} />
      ) : data.tab === "qa" ? (
        <QaPanel
          qa={data.qa}
          q={data.q}
          here={here}
          canEdit={canEdit}
          saveResult={replyFor(reply, "qa-save")}
          importResult={replyFor(reply, "qa-import")}
        />
      ) : data.tab === "search" ? (
        <SearchPanel key={location.search} lastResult={data.search} hits={data.hits} />
      ) : (
        <SettingsPanel
          kb={kb}
          embeddingOptions={embeddingOptions}
          here={here}
          lastResult={replyFor(reply, "settings")}
        />
      )}
    </div>
  );
}

type DocsData = Extract<Route.ComponentProps["loaderData"]["data"], { tab: "docs" }>;

function DocsTab({
  kb,
  data,
  here,
  canEdit,
  reply,
}: {
  kb: Route.ComponentProps["loaderData"]["kb"];
  data: DocsData;
  here: string;
  canEdit: boolean;
  reply: KnowledgeActionReply | undefined;
}) {
  const live = useLiveDocs(data.docs.records, `/space/${kb.spaceId}/knowledge/${kb.id}/status`);
  const doc = data.doc ? (live.find((d) => d.id === data.doc?.id) ?? data.doc) : null;
  return (
    <div className="flex flex-col gap-4">
      {canEdit && data.docs.total > 0 ? <AddContentLinks kb={kb} /> : null}
      <div className="grid gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <DocumentList kb={kb} docs={data.docs} live={live} selectedId={doc?.id ?? null} q={data.q} here={here} />
        {doc ? (
          <DocumentPane
            doc={doc}
            segments={data.segments}
            here={here}
            canEdit={canEdit}
            renameResult={replyFor(reply, "rename-doc")}
          />
        ) : null}
      </div>
    </div>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "#app/components/error-view";
