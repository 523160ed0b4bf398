import type { SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { spaceTypeLabels } from "#app/lib/labels";
import { useSubmitting } from "#app/lib/use-submitting";
import type { AgentDto } from "#contract/api/agent-dto";
import type { SpaceDto } from "#contract/api/space";
import { Button, buttonClass } from "../ui/button";
import { Confirm } from "../ui/confirm";
import { FormErrors } from "../ui/field";
import { Select } from "../ui/select";
import { UrlDialog } from "../ui/url-dialog";
import { AgentFigures } from "./agent-figures";
import type { AgentMenuAction } from "./agent-menu";

/** What the develop action returns when a dialog's POST fails, so the dialog shows why. */
export interface DevelopReply {
  intent: string;
  agentId?: number;
  result: SubmissionResult<string[]>;
}

interface DevelopDialogProps {
  action: AgentMenuAction;
  agent: AgentDto;
  /** The page without the dialog's query parameters. */
  cancelTo: string;
  /** Spaces the agent may move to (the caller's other spaces open to development). */
  moveTargets: SpaceDto[];
  reply?: DevelopReply;
}

/** The dialog a card-menu item opens (by URL, so it also works as a section of the page without JavaScript). */
export function DevelopDialog({ action, agent, cancelTo, moveTargets, reply }: DevelopDialogProps) {
  const errors = reply?.agentId === agent.id ? Object.values(reply.result.error ?? {}).flat() : [];
  const formErrors = <FormErrors errors={errors.filter((e): e is string => Boolean(e))} />;
  switch (action) {
    case "Analyze":
      return (
        <UrlDialog title="智能体概览" description={`「${agent.name}」的使用情况`} closeTo={cancelTo}>
          <AgentFigures statistics={agent.agentStatistics} />
          <div className="flex justify-end">
            <Link to={cancelTo} replace preventScrollReset className={buttonClass("secondary")}>
              关闭
            </Link>
          </div>
        </UrlDialog>
      );
    case "Create_Copy":
      return (
        <UrlDialog
          title="创建副本"
          description={`将在当前空间创建「${agent.name}副本」，配置和组件与原智能体相同。`}
          closeTo={cancelTo}
        >
          <ConfirmForm intent="copy" agentId={agent.id} cancelTo={cancelTo} button="创建副本" variant="primary">
            {formErrors}
          </ConfirmForm>
        </UrlDialog>
      );
    case "Move":
      return (
        <UrlDialog
          title="迁移智能体"
          description={`把「${agent.name}」迁移到你的另一个空间，迁移后它不再出现在当前空间。`}
          closeTo={cancelTo}
        >
          {moveTargets.length ? (
            <ConfirmForm intent="move" agentId={agent.id} cancelTo={cancelTo} button="迁移" variant="primary">
              {formErrors}
              <div className="flex flex-col gap-1.5">
                <label htmlFor="move-target" className="font-medium text-gray-800">
                  目标空间
                </label>
                <Select
                  id="move-target"
                  name="targetSpaceId"
                  options={moveTargets.map((s) => ({
                    value: String(s.id),
                    label: `${s.name}（${spaceTypeLabels[s.type]}）`,
                  }))}
                />
              </div>
            </ConfirmForm>
          ) : (
            <div className="flex flex-col gap-3">
              <p className="text-gray-600">你还没有其他可以迁移到的空间，可以先创建一个团队空间。</p>
              <div className="flex justify-end gap-2">
                <Link to={cancelTo} replace preventScrollReset className={buttonClass("secondary")}>
                  取消
                </Link>
                <Link to="/space/new" className={buttonClass("primary")}>
                  创建团队空间
                </Link>
              </div>
            </div>
          )}
        </UrlDialog>
      );
    case "Del":
      return (
        <Confirm
          title="删除智能体"
          description={`确定删除智能体「${agent.name}」吗？它的配置、组件和会话都将被删除，且无法恢复。`}
          cancelTo={cancelTo}
        >
          <ConfirmForm intent="delete" agentId={agent.id} cancelTo={cancelTo} button="确认删除" variant="danger">
            {formErrors}
          </ConfirmForm>
        </Confirm>
      );
    default:
      return null;
  }
}

interface ConfirmFormProps {
  intent: string;
  agentId: number;
  cancelTo: string;
  button: string;
  variant: "primary" | "danger";
  children?: ReactNode;
}

function ConfirmForm({ intent, agentId, cancelTo, button, variant, children }: ConfirmFormProps) {
  const busy = useSubmitting(intent);
  return (
    <Form method="post" preventScrollReset className="flex flex-col gap-3">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="agentId" value={agentId} />
      {children}
      <div className="flex justify-end gap-2">
        <Link to={cancelTo} replace preventScrollReset className={buttonClass("secondary")}>
          取消
        </Link>
        <Button type="submit" variant={variant} loading={busy}>
          {button}
        </Button>
      </div>
    </Form>
  );
}
