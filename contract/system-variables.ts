import type { Arg } from "./args";

const system = (name: string, displayName: string, dataType: Arg["dataType"], description: string): Arg => ({
  key: name,
  name,
  displayName,
  dataType,
  description,
  systemVariable: true,
  require: false,
  enable: true,
  bindValueType: "Input",
});

/**
 * The system variables of original-backend.md (chat turns fill them all): agents list them read-only beside
 * their own variables and refuse them as variable names.
 */
export const systemVariables: Arg[] = [
  system("SYS_USER_ID", "用户 ID", "Integer", "当前用户的 ID"),
  system("USER_UID", "用户 UID", "String", "当前用户的 UID"),
  system("USER_NAME", "用户名", "String", "当前用户的用户名"),
  system("USER_LANG", "用户语言", "String", "当前用户的界面语言"),
  system("AGENT_ID", "智能体 ID", "Integer", "当前智能体的 ID"),
  system("CONVERSATION_ID", "会话 ID", "Integer", "当前会话的 ID"),
  system("REQUEST_ID", "请求 ID", "String", "本轮对话的请求 ID"),
  system("AGENT_USER_MSG", "用户消息", "String", "用户本轮发送的消息"),
  system("CURRENT_TIME", "当前时间", "String", "服务器当前时间（ISO 8601）"),
];

/**
 * What a workflow's Start node outputs beside its parameters (a parameter of the same name wins): the system
 * variables and the run's space. Outside a chat (test runs, triggers) the agent and conversation ones are empty.
 */
export const workflowSystemVariables: Arg[] = [
  ...systemVariables,
  system("SPACE_ID", "空间 ID", "Integer", "工作流所在空间的 ID"),
];

/** A Start node's outputs: its parameters, then the system variables no parameter shadows. */
export function startOutputs(parameters: readonly Arg[]): Arg[] {
  const taken = new Set(parameters.map((a) => a.name));
  return [...parameters, ...workflowSystemVariables.filter((v) => !taken.has(v.name))];
}
