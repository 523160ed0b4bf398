import { applyStatuses, publishScopes, publishTargetTypes } from "../enums";
import { flag01, id, z } from "../zod";
import { endpoint, nothing } from "./endpoint";
import { applyDetailDto, applyPage, publishedPage, publishItemDto, squareAgentPage } from "./publish-dto";

/** Square categories (keys are stable wire values; labels are what people read). */
export const agentCategories = [
  { key: "Efficiency", label: "效率工具" },
  { key: "Writing", label: "写作创作" },
  { key: "Learning", label: "学习教育" },
  { key: "Programming", label: "编程开发" },
  { key: "Life", label: "生活助手" },
  { key: "Service", label: "客服咨询" },
  { key: "Entertainment", label: "娱乐休闲" },
  { key: "Other", label: "其他" },
] as const;
const categoryKeys = agentCategories.map((c) => c.key) as [string, ...string[]];

const category = z.enum(categoryKeys, { error: "分类不存在" });

/** The original client's square reads categories as one branch per kind; every kind offers the same categories. */
export const categoryTypes = ["Agent", "Plugin", "Workflow", "Template"] as const;
export const categoryTree = z.array(
  z.object({
    type: z.enum(categoryTypes),
    children: z.array(z.object({ key: z.enum(categoryKeys), label: z.string() })),
  }),
);
const remark = z.string().trim().max(500, "最多 500 个字符").default("");

export const publishItemSchema = z.object({
  scope: z.enum(publishScopes, { error: "必须是 Space 或 Tenant" }),
  spaceId: id().optional(),
  allowCopy: flag01.default(0),
  onlyTemplate: flag01.default(0),
});

export const applyInput = z.object({
  targetType: z.enum(publishTargetTypes, { error: "必须是 Agent、Plugin 或 Workflow" }),
  targetId: id(),
  remark,
  category: category.default("Other"),
  items: z
    .array(publishItemSchema)
    .min(1, "至少选择一个发布范围")
    .max(20)
    .refine(
      (items) =>
        new Set(items.map((i) => `${i.scope}:${i.scope === "Space" ? (i.spaceId ?? "") : ""}`)).size === items.length,
      "发布范围重复",
    ),
});

/** The agent-only form of the original client: one scope, a category and a note. */
export const agentApplyInput = z.object({
  scope: z.enum(publishScopes, { error: "必须是 Space 或 Tenant" }).default("Tenant"),
  spaceId: id().optional(),
  category: category.default("Other"),
  remark,
  allowCopy: flag01.default(0),
  channels: z.array(z.string().max(32)).max(10).optional(),
});

export const itemListInput = z.object({ targetType: z.enum(publishTargetTypes), targetId: id() });
export const offShelfInput = z.object({
  targetType: z.enum(publishTargetTypes).default("Agent"),
  targetId: id().optional(),
  publishId: id(),
  reason: z.string().trim().max(500).optional(),
});
export const reasonInput = z
  .object({ reason: z.string().trim().min(1, "请填写原因").max(500, "最多 500 个字符") })
  .passthrough();

const page = {
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
};
export const applyListInput = z.object({
  ...page,
  current: z.coerce.number().int().min(1).optional(),
  queryFilter: z
    .object({
      targetType: z.enum(publishTargetTypes).optional(),
      publishStatus: z.enum(applyStatuses).optional(),
      kw: z.string().trim().max(64).optional(),
    })
    .default({}),
});
export const publishedListInput = z.object({
  ...page,
  current: z.coerce.number().int().min(1).optional(),
  queryFilter: z
    .object({
      targetType: z.enum(publishTargetTypes).optional(),
      kw: z.string().trim().max(64).optional(),
    })
    .default({}),
});

export const squareListInput = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  category: z.string().trim().max(32).optional(),
  kw: z.string().trim().max(64).optional(),
  spaceId: id().optional(),
  allowCopy: flag01.optional(),
  /** 1: only the template-only publications; otherwise they are left out of the square. */
  onlyTemplate: flag01.optional(),
});

export const templateCopyInput = z.object({
  targetType: z.enum(["Agent", "Plugin", "Workflow"], { error: "必须是 Agent、Plugin 或 Workflow" }).default("Agent"),
  targetId: id(),
  targetSpaceId: id(),
});

export type ApplyInput = z.infer<typeof applyInput>;
export type AgentApplyInput = z.infer<typeof agentApplyInput>;
export type ApplyListInput = z.infer<typeof applyListInput>;
export type PublishedListInput = z.infer<typeof publishedListInput>;
export type SquareListInput = z.infer<typeof squareListInput>;

/** The message an application answers with: published at once, or waiting for the audit. */
const applyOutcome = z.enum(["发布成功", "已提交审核，请等待管理员审核"]);

/** /api/publish/*, /api/agent/publish/*, /api/published/* (the square) and /api/system/publish/* (the audit). */
export const publish = {
  apply: endpoint({ method: "POST", path: "/api/publish/apply", body: applyInput, response: applyOutcome }),
  itemList: endpoint({
    method: "POST",
    path: "/api/publish/item/list",
    body: itemListInput,
    response: z.array(publishItemDto),
  }),
  offShelf: endpoint({ method: "POST", path: "/api/publish/offShelf", body: offShelfInput, response: nothing }),
  templateCopy: endpoint({
    method: "POST",
    path: "/api/publish/template/copy",
    body: templateCopyInput,
    response: z.number().int(),
  }),
  agentApply: endpoint({
    method: "POST",
    path: "/api/agent/publish/apply/:agentId",
    body: agentApplyInput,
    response: applyOutcome,
  }),
  squareAgents: endpoint({
    method: "POST",
    path: "/api/published/agent/list",
    body: squareListInput,
    response: squareAgentPage,
  }),
  categories: endpoint({
    method: "GET",
    path: "/api/published/category/list",
    response: categoryTree,
  }),
  applyList: endpoint({
    method: "POST",
    path: "/api/system/publish/apply/list",
    body: applyListInput,
    response: applyPage,
  }),
  applyGet: endpoint({ method: "GET", path: "/api/system/publish/apply/:applyId", response: applyDetailDto }),
  publishedList: endpoint({
    method: "POST",
    path: "/api/system/publish/list",
    body: publishedListInput,
    response: publishedPage,
  }),
  reject: endpoint({
    method: "POST",
    path: "/api/system/publish/reject/:applyId",
    body: reasonInput,
    response: nothing,
  }),
  adminOffShelf: endpoint({
    method: "POST",
    path: "/api/system/publish/offShelf/:publishId",
    body: reasonInput,
    response: nothing,
  }),
  approve: endpoint({ method: "POST", path: "/api/system/publish/:applyId", response: nothing }),
};
