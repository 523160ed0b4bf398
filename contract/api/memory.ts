import { pageSchema } from "../page";
import { id, z } from "../zod";
import { endpoint, nothing } from "./endpoint";

/**
 * /api/memory/* — a user's long-term memories (issue 15's pinned details; original-backend.md §1.11, §5.4).
 * Where the reference leaves a choice:
 * - Every call sees and changes the caller's own memories only; another user's id answers 4040.
 * - `list` pages newest first and may filter by `agentId` and `category`; records also carry `agentName`.
 * - `agents` lists the agents the caller has memories with (for the 记忆 page's filter), most memories first.
 * - `update` replaces the content (1–2000 characters); category and sensitivity stay as extracted.
 * - `clear` deletes all the caller's memories, or those with one agent when `agentId` is given; it answers the
 *   number deleted.
 */

export const memoryCategories = [
  "profile",
  "auth",
  "social",
  "project",
  "preference",
  "task",
  "note",
  "idea",
  "event",
  "document",
  "code",
  "other",
] as const;
export type MemoryCategory = (typeof memoryCategories)[number];

export const memoryCategoryLabels: Record<MemoryCategory, string> = {
  profile: "个人信息",
  auth: "账号凭证",
  social: "社交关系",
  project: "项目",
  preference: "偏好",
  task: "任务",
  note: "笔记",
  idea: "想法",
  event: "事件",
  document: "文档",
  code: "代码",
  other: "其他",
};

export const MEMORY_CONTENT_MAX = 2000;

export const memoryListInput = z.object({
  agentId: id().nullish(),
  category: z.enum(memoryCategories, { error: "不是支持的记忆分类" }).nullish(),
  current: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type MemoryListInput = z.infer<typeof memoryListInput>;

export const memoryUpdateInput = z.object({
  id: id(),
  content: z
    .string({ error: (i) => (i.input === undefined ? "不能为空" : "必须是文本") })
    .trim()
    .min(1, "不能为空")
    .max(MEMORY_CONTENT_MAX, `最多 ${MEMORY_CONTENT_MAX} 个字符`),
});
export type MemoryUpdateInput = z.infer<typeof memoryUpdateInput>;

export const memoryClearInput = z.object({ agentId: id().nullish() });

export const memoryInfoSchema = z.object({
  id: z.number().int(),
  agentId: z.number().int(),
  agentName: z.string(),
  category: z.enum(memoryCategories),
  subCategory: z.string(),
  content: z.string(),
  isSensitive: z.boolean(),
  created: z.string(),
  modified: z.string(),
});
export type MemoryInfo = z.infer<typeof memoryInfoSchema>;

export const memoryAgentSchema = z.object({
  agentId: z.number().int(),
  agentName: z.string(),
  icon: z.string(),
  count: z.number().int(),
});

const base = "/api/memory";
export const memory = {
  list: endpoint({
    method: "POST",
    path: `${base}/list`,
    body: memoryListInput,
    response: pageSchema(memoryInfoSchema),
  }),
  agents: endpoint({ method: "POST", path: `${base}/agents`, response: z.array(memoryAgentSchema) }),
  update: endpoint({ method: "POST", path: `${base}/update`, body: memoryUpdateInput, response: nothing }),
  delete: endpoint({ method: "POST", path: `${base}/delete/:id`, response: nothing }),
  clear: endpoint({ method: "POST", path: `${base}/clear`, body: memoryClearInput, response: z.number().int() }),
};
