import { Store } from "lucide-react";
import { PageHeader } from "../components/page-header";
import { EmptyState } from "../components/ui/empty-state";
import { pageTitle } from "../lib/meta";
import type { Route } from "./+types/square";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "广场");

export default function SquarePage() {
  return (
    <main className="flex flex-1 flex-col gap-6 overflow-y-auto p-8">
      <PageHeader title="广场" />
      <EmptyState
        icon={Store}
        title="广场还没有内容"
        description="发布功能开放后，大家发布的智能体、插件和工作流会出现在这里。"
      />
    </main>
  );
}
