import { clsx } from "clsx";
import { Search } from "lucide-react";
import { Form, Link, type ShouldRevalidateFunction, useLocation, useRouteLoaderData } from "react-router";
import { endpoints } from "#contract/api";
import { SquareKindTabs, SquarePluginList } from "../components/plugin/square-plugins";
import { SquareBanner } from "../components/square/square-banner";
import { SquareGrid } from "../components/square/square-grid";
import { categoriesOf, squareCardData } from "../components/square/types";
import { Button } from "../components/ui/button";
import { Input } from "../components/ui/input";
import { SquareWorkflowList } from "../components/workflow/square-workflows";
import { apiCall } from "../lib/api-call.server";
import { pageTitle } from "../lib/meta";
import { pageParam, textParam, withParams } from "../lib/url";
import type { loader as rootLoader } from "../root";
import type { Route } from "./+types/square";
import { isPluginTab, loadSquarePlugins } from "./plugin-square.server";
import { isWorkflowTab, loadSquareWorkflows } from "./workflow-square.server";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "广场");

const PAGE_SIZE = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (isPluginTab(url)) return { kind: "Plugin" as const, plugins: await loadSquarePlugins(context, request, url) };
  if (isWorkflowTab(url))
    return { kind: "Workflow" as const, workflows: await loadSquareWorkflows(context, request, url) };
  const category = textParam(url, "category", 32);
  const kw = textParam(url, "kw");
  const [categories, list] = await Promise.all([
    apiCall(context, request, endpoints.publish.categories),
    apiCall(context, request, endpoints.publish.squareAgents, {
      body: { page: pageParam(url), pageSize: PAGE_SIZE, category: category || undefined, kw: kw || undefined },
    }),
  ]);
  // The cards need a few of each publication's fields; the rest would only make the page's data larger.
  return {
    kind: "Agent" as const,
    categories,
    list: { ...list, records: list.records.map(squareCardData) },
    category,
    kw,
  };
}

/** A favourite posted by a fetcher (resources/favourite) updates its own card; the list need not be fetched again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("stay") ? false : defaultShouldRevalidate;

export default function SquareRoute({ loaderData }: Route.ComponentProps) {
  const tenant = useRouteLoaderData<typeof rootLoader>("root")?.tenant;
  if (loaderData.kind === "Agent") return <AgentSquare data={loaderData} />;
  if (loaderData.kind === "Workflow")
    return (
      <main className="flex flex-1 flex-col gap-5 overflow-y-auto p-4 md:p-8">
        <SquareBanner tenant={tenant} />
        <SquareKindTabs active="Workflow" />
        <SquareWorkflowList {...loaderData.workflows} />
      </main>
    );
  return (
    <main className="flex flex-1 flex-col gap-5 overflow-y-auto p-4 md:p-8">
      <SquareBanner tenant={tenant} />
      <SquareKindTabs active="Plugin" />
      <SquarePluginList {...loaderData.plugins} />
    </main>
  );
}

type AgentTab = Extract<Route.ComponentProps["loaderData"], { kind: "Agent" }>;

function AgentSquare({ data }: { data: AgentTab }) {
  const { categories, list, category, kw } = data;
  const tenant = useRouteLoaderData<typeof rootLoader>("root")?.tenant;
  const location = useLocation();
  const here = location.pathname + location.search;
  const chip = (key: string, label: string) => (
    <Link
      key={key || "all"}
      to={withParams("/square", { category: key, kw })}
      aria-current={category === key ? "page" : undefined}
      className={clsx(
        "rounded-full border px-3 py-1 text-[13px] transition-colors",
        category === key
          ? "border-primary-600 bg-primary-50 text-primary-700"
          : "border-gray-200 bg-white text-gray-700 hover:border-gray-300",
      )}
    >
      {label}
    </Link>
  );
  return (
    <main className="flex flex-1 flex-col gap-5 overflow-y-auto p-4 md:p-8">
      <SquareBanner tenant={tenant} />
      <SquareKindTabs active="Agent" />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-semibold text-xl">智能体</h1>
        <Form method="get" role="search" className="flex w-full max-w-sm gap-2">
          {category ? <input type="hidden" name="category" value={category} /> : null}
          <Input
            type="search"
            name="kw"
            defaultValue={kw}
            maxLength={64}
            placeholder="搜索智能体"
            aria-label="搜索智能体"
          />
          <Button type="submit" variant="secondary" aria-label="搜索">
            <Search className="size-4" aria-hidden />
          </Button>
        </Form>
      </div>
      <nav aria-label="分类" className="flex flex-wrap gap-2">
        {chip("", "全部")}
        {categoriesOf(categories).map((c) => chip(c.key, c.label))}
      </nav>
      <SquareGrid key={`${category}|${kw}|${list.current === 1 ? "" : list.current}`} first={list} here={here} />
    </main>
  );
}
