/**
 * A scheduled task's status and its Chinese label, apart from contract/api/task.ts's zod schemas so a page that
 * only shows the label (the chat's history panel) does not bring zod to the browser.
 */
export const taskStatuses = ["EXECUTING", "PAUSED", "CANCEL"] as const;
export type TaskStatus = (typeof taskStatuses)[number];
export const taskStatusLabels: Record<TaskStatus, string> = { EXECUTING: "运行中", PAUSED: "已暂停", CANCEL: "已取消" };
