import { Puzzle } from "lucide-react";
import { PageHeader } from "../components/page-header";
import { EmptyState } from "../components/ui/empty-state";
import { useCurrentSpace } from "../lib/current-space";
import { pageTitle } from "../lib/meta";
import type { Route } from "./+types/space-library";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "组件库");

export default function LibraryPage() {
  const space = useCurrentSpace();
  return (
    <div className="flex flex-col gap-6 p-8">
      <PageHeader title="组件库" description={space.name} />
      <EmptyState
        icon={Puzzle}
        title="还没有组件"
        description="插件、工作流、知识库、数据表等组件会出现在这里。创建组件的功能即将开放。"
      />
    </div>
  );
}
