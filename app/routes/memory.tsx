import { Brain, Trash2 } from "lucide-react";
import { Form, Link } from "react-router";
import { memoryCategories, memoryCategoryLabels } from "#contract/api/memory";
import { ClearMemories, DeleteMemory } from "../components/memory/memory-dialogs";
import { MemoryList, withParam } from "../components/memory/memory-list";
import { PageHeader } from "../components/page-header";
import { Button, buttonClass } from "../components/ui/button";
import { EmptyState } from "../components/ui/empty-state";
import { Pagination } from "../components/ui/pagination";
import { Select } from "../components/ui/select";
import { pageTitle } from "../lib/meta";
import type { Route } from "./+types/memory";
import { listUrl, memoryAction, memoryPage, readQuery } from "./memory.server";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "记忆");

/** 记忆: what agents with 长期记忆 remembered about the signed-in user, by agent and category. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = readQuery(url);
  const { page, agents } = await memoryPage(context, request, q);
  return { q, page, agents, base: listUrl(url) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return memoryAction(context, request, await request.formData());
}

const categoryOptions = [
  { value: "", label: "全部分类" },
  ...memoryCategories.map((c) => ({ value: c, label: memoryCategoryLabels[c] })),
];

export default function MemoryPage({ loaderData }: Route.ComponentProps) {
  const { q, page, agents, base } = loaderData;
  const agent = agents.find((a) => a.agentId === q.agentId) ?? null;
  const filtered = q.agentId !== null || q.category !== null;
  const pageHref = (n: number) => withParam(base, "page", n);
  return (
    <main className="min-w-0 flex-1 overflow-y-auto">
      <div className="mx-auto flex max-w-3xl flex-col gap-4 p-8">
        <PageHeader
          title="记忆"
          description="开启了长期记忆的智能体从你的对话中记住的信息，只有你自己能看到。"
          actions={
            page.total ? (
              <Link to={withParam(base, "clear", 1)} preventScrollReset className={buttonClass("secondary")}>
                <Trash2 className="size-4" aria-hidden />
                {agent ? "清空该智能体的记忆" : "清空全部记忆"}
              </Link>
            ) : null
          }
        />
        <DeleteMemory memory={page.records.find((m) => m.id === q.remove) ?? null} cancelTo={base} />
        <ClearMemories open={q.clear} agent={agent} cancelTo={base} />
        <Form method="get" aria-label="筛选记忆" className="flex flex-wrap items-end gap-2">
          <label htmlFor="memory-agent" className="flex flex-col gap-1 text-[13px] text-gray-600">
            智能体
            <Select
              id="memory-agent"
              name="agent"
              defaultValue={q.agentId ?? ""}
              options={[
                { value: "", label: "全部智能体" },
                ...agents.map((a) => ({ value: String(a.agentId), label: `${a.agentName}（${a.count}）` })),
              ]}
            />
          </label>
          <label htmlFor="memory-category" className="flex flex-col gap-1 text-[13px] text-gray-600">
            分类
            <Select id="memory-category" name="category" defaultValue={q.category ?? ""} options={categoryOptions} />
          </label>
          <Button type="submit" variant="secondary">
            筛选
          </Button>
        </Form>
        {page.records.length ? (
          <MemoryList records={page.records} editing={q.edit} base={base} />
        ) : (
          <EmptyState
            icon={Brain}
            title={filtered ? "没有符合条件的记忆" : "还没有记忆"}
            description="在智能体编辑页打开「长期记忆」，和它聊聊你的名字、项目或喜好，它就会记住。"
          />
        )}
        <Pagination current={page.current} pages={page.pages} total={page.total} hrefFor={pageHref} />
      </div>
    </main>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../components/error-view";
