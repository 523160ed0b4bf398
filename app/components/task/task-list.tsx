import { CalendarClock, Pause, Play, X } from "lucide-react";
import { useEffect } from "react";
import { Form, Link, useFetcher, useLocation } from "react-router";
import { formatDateTime } from "#app/lib/format";
import type { TaskInfo } from "#contract/api/task";
import { taskStatusLabels } from "#contract/task-status";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";

/** Where the task page lives: its loader lists, its action pauses, resumes and cancels (works without JS). */
export const TASKS_PATH = "/home/tasks";

const tone = { EXECUTING: "success", PAUSED: "warning", CANCEL: "neutral" } as const;

function TaskAction({ task, intent, back }: { task: TaskInfo; intent: "pause" | "resume" | "cancel"; back: string }) {
  const label = { pause: "暂停", resume: "恢复", cancel: "取消" }[intent];
  const Icon = { pause: Pause, resume: Play, cancel: X }[intent];
  return (
    <Form method="post" action={TASKS_PATH}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={task.id} />
      <input type="hidden" name="back" value={back} />
      <Button
        type="submit"
        size="sm"
        variant={intent === "cancel" ? "danger" : "secondary"}
        aria-label={`${label}定时任务「${task.topic}」`}
      >
        <Icon className="size-3.5" aria-hidden />
        {label}
      </Button>
    </Form>
  );
}

/** Tasks with their schedule in words, next run and 暂停/恢复/取消 (each a form post back to `back`). */
export function TaskList({ tasks, back }: { tasks: TaskInfo[]; back: string }) {
  return (
    <ul className="flex flex-col gap-2" aria-label="定时任务列表">
      {tasks.map((task) => (
        <li
          key={task.id}
          aria-label={`定时任务「${task.topic}」`}
          className="flex flex-col gap-1.5 rounded-card border border-gray-200 bg-white p-3 text-[13px]"
        >
          <div className="flex items-center gap-2">
            <Link to={`/home/chat/${task.id}`} className="min-w-0 flex-1 truncate font-medium text-gray-900">
              {task.topic}
            </Link>
            <Badge tone={tone[task.taskStatus]}>{taskStatusLabels[task.taskStatus]}</Badge>
          </div>
          <p className="text-gray-600">
            {task.taskCronDesc}
            <span className="text-gray-400">（{task.timeZone}）</span>
          </p>
          <p className="text-gray-500">
            下次执行：
            {task.nextExecuteTime ? (
              <time dateTime={task.nextExecuteTime} suppressHydrationWarning>
                {formatDateTime(task.nextExecuteTime)}
              </time>
            ) : (
              "—"
            )}
            {task.executeCount ? `　已执行 ${task.executeCount} 次` : null}
          </p>
          {task.taskStatus === "CANCEL" ? null : (
            <div className="flex gap-2">
              <TaskAction task={task} intent={task.taskStatus === "PAUSED" ? "resume" : "pause"} back={back} />
              <TaskAction task={task} intent="cancel" back={back} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The agent's live tasks of the signed-in user, for side panels: loaded from the task page's loader once the page
 * runs JavaScript (and again after each action); without JavaScript a link leads to that page.
 */
export function TaskSection({ agentId }: { agentId: number }) {
  const fetcher = useFetcher<{ tasks: TaskInfo[] }>();
  const here = useLocation();
  const listUrl = `${TASKS_PATH}?agentId=${agentId}`;
  const { load } = fetcher;
  useEffect(() => {
    load(listUrl);
  }, [load, listUrl]);
  const live = fetcher.data?.tasks.filter((t) => t.taskStatus !== "CANCEL");
  return (
    <section aria-label="定时任务" className="flex flex-col gap-2">
      <div className="flex items-center gap-1 px-2 text-gray-500 text-xs">
        <CalendarClock className="size-3.5" aria-hidden />
        <span className="flex-1">定时任务</span>
        <Link to={listUrl} className="text-primary-600 hover:underline">
          全部
        </Link>
      </div>
      {live?.length ? (
        <TaskList tasks={live} back={here.pathname + here.search} />
      ) : live ? (
        <p className="px-2 text-gray-400 text-[13px]">还没有定时任务，可以对智能体说“每天早上 8 点给我总结新闻”。</p>
      ) : null}
    </section>
  );
}
