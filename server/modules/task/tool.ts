import { parseWith } from "#server/api/http";
import type { Actor } from "#server/core";
import type { AgentSnapshot } from "#server/modules/agent/dto";
import type { RuntimeTool, ToolBuildContext } from "#server/runtime/agent/tools";
import { findUserById } from "../auth";
import { findConversation } from "../conversation";
import { createTaskInput, cronPresets, TASK_TOOL_NAME } from "./contract";
import { createTask } from "./service";

const presetList = cronPresets.map((p) => `${p.desc}=\`${p.cron}\``).join("，");

/**
 * With the agent's 定时任务 switch on, the model may turn a request like "每天早上 8 点给我总结新闻" into a
 * scheduled task of the user's. Only from the user's own chats: not from a temporary link (whose visitor runs
 * as the link's creator) and not from a task's own run.
 */
export function scheduledTaskTool(config: AgentSnapshot, ctx: ToolBuildContext): RuntimeTool | null {
  if (config.openScheduledTask !== "Open") return null;
  return {
    name: TASK_TOOL_NAME,
    label: "创建定时任务",
    type: "ScheduledTask",
    targetId: -1,
    componentId: null,
    description: `当用户要求定期、定时或周期性地做某件事时，为用户创建定时任务，之后按时自动执行。常用时间：${presetList}；也可以写其他 5 段 cron（分 时 日 月 周）。`,
    inputSchema: {
      type: "object",
      properties: {
        topic: { type: "string", description: "任务标题，20 字以内" },
        summary: { type: "string", description: "每次执行时要完成的事情（作为用户消息发给智能体）" },
        taskCron: { type: "string", description: "cron 表达式，例如每天 08:00 为 0 8 * * *" },
      },
      required: ["topic", "summary", "taskCron"],
      additionalProperties: false,
    },
    mode: "ON_DEMAND",
    exceptionOut: false,
    fallbackMsg: "",
    async execute(args, toolCtx) {
      const { deps } = ctx;
      const conversation = await findConversation(deps.db, ctx.tenantId, Number(toolCtx.variables.CONVERSATION_ID));
      if (conversation?.type !== "Chat" || conversation.userId !== ctx.userId) {
        throw new Error("只能在自己的会话中创建定时任务");
      }
      const user = await findUserById(deps.db, ctx.userId);
      if (!user) throw new Error("用户不存在");
      const actor: Actor = {
        userId: user.id,
        tenantId: user.tenantId,
        role: user.role,
        userName: user.userName,
        tokenHash: "",
        tokenId: 0,
      };
      const input = parseWith(createTaskInput, {
        agentId: ctx.agentId,
        devMode: ctx.devMode,
        topic: String(args.topic ?? "").slice(0, 100),
        summary: String(args.summary ?? "").slice(0, 2000),
        taskCron: String(args.taskCron ?? ""),
      });
      const task = await createTask(deps, actor, input);
      return `已创建定时任务「${task.topic}」：${task.taskCronDesc}执行，下次执行时间 ${task.nextExecuteTime ?? "无"}（任务编号 ${task.id}）`;
    },
  };
}
