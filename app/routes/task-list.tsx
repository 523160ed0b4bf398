import { parseWithZod } from "@conform-to/zod/v4";
import { CalendarClock } from "lucide-react";
import { z } from "zod";
import { endpoints } from "#contract/api";
import { PageHeader } from "../components/page-header";
import { TASKS_PATH, TaskList } from "../components/task/task-list";
import { EmptyState } from "../components/ui/empty-state";
import { apiCall, tryApiCall } from "../lib/api-call.server";
import { idField } from "../lib/forms";
import { pageTitle } from "../lib/meta";
import { redirectWithToast } from "../lib/toast.server";
import { pathOf } from "../lib/url";
import type { Route } from "./+types/task-list";

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, "定时任务");

const { task } = endpoints;

/** The caller's scheduled tasks (of one agent with ?agentId=), newest first; cancelled ones last. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const agentId = Number(new URL(request.url).searchParams.get("agentId")) || null;
  const tasks = await apiCall(context, request, task.list, { body: { agentId } });
  const order = { EXECUTING: 0, PAUSED: 1, CANCEL: 2 } as const;
  return { tasks: tasks.sort((a, b) => order[a.taskStatus] - order[b.taskStatus]), agentId };
}

const schema = z.object({
  intent: z.enum(["pause", "resume", "cancel"]),
  id: idField(),
  // Only a path of this site: never an absolute or protocol-relative URL (no open redirect).
  back: z
    .string()
    .regex(/^\/(?![/\\])/)
    .optional(),
});

const done = { pause: "已暂停定时任务", resume: "已恢复定时任务", cancel: "已取消定时任务" } as const;

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") {
    return redirectWithToast(context, pathOf(request), { type: "error", message: "参数错误" });
  }
  const { intent, id, back = TASKS_PATH } = submission.value;
  const res =
    intent === "cancel"
      ? await tryApiCall(context, request, task.cancel, { params: { id } })
      : await tryApiCall(context, request, task.update, {
          body: { id, taskStatus: intent === "pause" ? "PAUSED" : "EXECUTING" },
        });
  if (!res.ok) return redirectWithToast(context, back, { type: "error", message: res.error.message });
  return redirectWithToast(context, back, { type: "success", message: done[intent] });
}

export default function TaskListPage({ loaderData }: Route.ComponentProps) {
  const { tasks, agentId } = loaderData;
  const back = agentId ? `${TASKS_PATH}?agentId=${agentId}` : TASKS_PATH;
  return (
    <main className="flex flex-1 flex-col gap-5 overflow-y-auto p-8">
      <PageHeader
        title="定时任务"
        description={agentId && tasks[0] ? `智能体「${tasks[0].agentName}」的定时任务` : "你创建的全部定时任务"}
      />
      {tasks.length ? (
        <div className="max-w-2xl">
          <TaskList tasks={tasks} back={back} />
        </div>
      ) : (
        <EmptyState
          icon={CalendarClock}
          title="还没有定时任务"
          description="在开启了「定时任务」的智能体对话中说“每天早上 8 点给我总结新闻”，即可创建。"
        />
      )}
    </main>
  );
}
