import { Play } from "lucide-react";
import { Form } from "react-router";
import type { TriggerStateDto } from "#contract/api/trigger";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";

/**
 * Whether a trigger runs and how it last went, and the 启用 button of one that does not: the triggers page and the
 * agent editor's 触发器 section both show them, from the state list (GET /api/agent/trigger/state/list/{agentId}).
 */

const STATE = {
  ACTIVE: { label: "运行中", tone: "success" },
  INACTIVE: { label: "未启用", tone: "warning" },
  STOPPED: { label: "已停止", tone: "danger" },
} as const;
const RUN = {
  RUNNING: { label: "运行中", tone: "neutral" },
  SUCCESS: { label: "成功", tone: "success" },
  FAILED: { label: "失败", tone: "danger" },
} as const;
const time = (ms: number) => new Date(ms).toLocaleString("zh-CN", { hour12: false });

/** The state's badge, an ACTIVE TIME trigger's next tick and the last run's outcome and start. */
export function TriggerStateBadge({ state }: { state?: TriggerStateDto }) {
  if (!state) return null;
  const { label, tone } = STATE[state.state];
  const last = state.lastRun;
  return (
    <>
      <Badge tone={tone}>{label}</Badge>
      {state.nextRunTime ? (
        <span className="text-gray-500" suppressHydrationWarning>
          下次运行 {time(state.nextRunTime)}
        </span>
      ) : null}
      <span className="text-gray-500" suppressHydrationWarning>
        {last ? (
          <>
            上次运行 {time(last.startTime)} <Badge tone={RUN[last.status].tone}>{RUN[last.status].label}</Badge>
          </>
        ) : (
          "还没有运行过"
        )}
      </span>
    </>
  );
}

interface EnableProps {
  id: number;
  name: string;
  state?: TriggerStateDto;
  /**
   * The route whose action enables it (intent=enable, id): the triggers page's own. Other pages post there too, so
   * the token an EVENT trigger gets is shown once, where the page shows tokens.
   */
  action?: string;
}

/** Why a trigger does not run (a copy not yet enabled, a stop reason), and the 启用 button; a plain form post. */
export function TriggerEnableRow({ id, name, state, action }: EnableProps) {
  if (!state || state.state === "ACTIVE") return null;
  return (
    <div className="flex basis-full flex-wrap items-center gap-3">
      <span className="text-gray-600">{state.reason}</span>
      <Form method="post" action={action}>
        <input type="hidden" name="intent" value="enable" />
        <input type="hidden" name="id" value={id} />
        <Button type="submit" variant="secondary" size="sm" aria-label={`启用「${name}」`}>
          <Play className="size-3.5" aria-hidden />
          启用
        </Button>
      </Form>
    </div>
  );
}
