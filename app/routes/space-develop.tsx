import { Bot } from "lucide-react";
import { PageHeader } from "../components/page-header";
import { EmptyState } from "../components/ui/empty-state";
import { useCurrentSpace } from "../lib/current-space";
import { pageTitle } from "../lib/meta";
import type { Route } from "./+types/space-develop";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "智能体开发");

export default function DevelopPage() {
  const space = useCurrentSpace();
  return (
    <div className="flex flex-col gap-6 p-8">
      <PageHeader title="智能体开发" description={space.name} />
      <EmptyState
        icon={Bot}
        title="还没有智能体"
        description="这个空间还没有智能体。创建智能体的功能即将开放，届时可以在这里搭建、调试和发布智能体。"
      />
    </div>
  );
}
