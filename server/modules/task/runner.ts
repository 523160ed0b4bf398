import { type Actor, AppError, type Deps } from "#server/core";
import * as agents from "../agent";
import { runnableConfig } from "../agent/runnable";
import { findUserById } from "../auth";
import { startChat } from "../conversation/service";
import { notify } from "../notify/service";
import * as repo from "./repo";

/**
 * One scheduled run of a task: the task's summary is sent as the user's message to its TASK conversation
 * through the chat's own turn code, and the user is told when it ends (a notification with the topic; the
 * chat's `chat_finished` event comes from the turn itself). A tick of a task that was paused, cancelled or
 * deleted in the meantime does nothing and answers false (its schedule should go); a run that cannot start
 * (user disabled, switch off, previous run still answering) is logged and skipped — the next tick tries again.
 */
export async function runTask(deps: Deps, conversationId: number): Promise<boolean> {
  const task = await repo.findTaskById(deps.db, conversationId);
  if (task?.status !== "EXECUTING") return false;
  const log = deps.log.child({ taskId: conversationId });
  const user = await findUserById(deps.db, task.userId);
  if (user?.status !== "Enabled") {
    log.info("scheduled task skipped: its user is disabled");
    return true;
  }
  const agent = await agents.findAgent(deps.db, task.tenantId, task.agentId);
  if (!agent) return false;
  const actor: Actor = {
    userId: user.id,
    tenantId: user.tenantId,
    role: user.role,
    userName: user.userName,
    tokenHash: "",
    tokenId: 0,
  };
  let final: { success: boolean; error: string | null };
  try {
    const config = await runnableConfig(deps, agent, { devMode: task.devMode === 1, userId: user.id });
    if (config.openScheduledTask !== "Open") {
      log.info("scheduled task skipped: the agent's switch is off");
      return true;
    }
    const message = task.summary || task.topic;
    const input = {
      conversationId,
      message,
      attachments: [],
      variableParams: {},
      debug: false,
      selectedComponents: [],
    };
    const { done } = await startChat(deps, actor, input, () => {});
    final = await done;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    log.warn({ reason: err.message }, "scheduled task run not started");
    return true;
  }
  await repo.recordRun(deps.db, conversationId, new Date());
  const outcome = final.success ? "已执行完成" : `执行失败：${final.error ?? "未知错误"}`;
  await notify(deps.db, task.tenantId, {
    senderId: null,
    scope: "System",
    content: `定时任务「${task.topic}」${outcome}（智能体：${agent.name}），查看结果：/home/chat/${conversationId}`,
    userIds: [user.id],
  });
  return true;
}
