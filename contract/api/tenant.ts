import { z } from "../zod";
import { endpoint } from "./endpoint";

const flag01 = z.union([z.literal(0), z.literal(1)]);

/** Every tenant setting with its default; stored overrides are merged over these on read. */
export const tenantConfigSchema = z.object({
  siteName: z.string().max(64).default("智能体平台"),
  siteDescription: z.string().max(200).default("构建、对话与发布你的 AI 智能体"),
  siteUrl: z.string().max(500).default(""),
  siteLogo: z.string().max(1000).default(""),
  faviconUrl: z.string().max(1000).default(""),
  loginPageText: z.string().max(2000).default("欢迎使用智能体平台"),
  loginPageSubText: z.string().max(2000).default("用插件、工作流和知识库搭建属于你的 AI 智能体"),
  homeSlogan: z.string().max(2000).default("Hi {{USER_NAME}}，今天想做点什么？"),
  loginBanner: z.string().max(1000).default(""),
  loginBannerText: z.string().max(200).default("欢迎使用智能体平台"),
  /** The publisher name the original client shows on official agents. */
  officialUserName: z.string().max(64).default("官方"),
  pageFooterText: z.string().max(500).default(""),
  squareBanner: z.string().max(1000).default(""),
  squareBannerText: z.string().max(200).default("人人都是智能设计师"),
  squareBannerSubText: z.string().max(500).default("发现、收藏并使用大家发布的智能体"),
  squareBannerLinkUrl: z.string().max(1000).default(""),
  authType: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(3),
  openRegister: flag01.default(1),
  authExpire: z.number().int().min(5).max(525600).default(10080),
  agentPublishAudit: flag01.default(1),
  pluginPublishAudit: flag01.default(0),
  workflowPublishAudit: flag01.default(0),
  allowAgentTempChat: flag01.default(1),
  allowAgentApi: flag01.default(1),
  openCaptcha: flag01.default(0),
  defaultChatModelId: z.number().int().nullable().default(null),
  defaultSuggestModelId: z.number().int().nullable().default(null),
  defaultEmbedModelId: z.number().int().nullable().default(null),
  defaultKnowledgeModelId: z.number().int().nullable().default(null),
  defaultAgentId: z.number().int().nullable().default(null),
  homeRecommendQuestions: z.array(z.string().max(200)).max(20).default([]),
  officialAgentIds: z.array(z.number().int()).max(100).default([]),
  globalSystemPrompt: z.string().max(10000).default(""),
  maxFileSize: z.string().max(20).default("100MB"),
  smtpHost: z.string().max(255).default(""),
  smtpPort: z.number().int().min(1).max(65535).default(465),
  smtpUsername: z.string().max(255).default(""),
  smtpPassword: z.string().max(255).default(""),
  smtpFrom: z.string().max(255).default(""),
});

export type TenantConfig = z.infer<typeof tenantConfigSchema>;

/** Fields never sent to anonymous callers. */
export const secretTenantFields = [
  "smtpHost",
  "smtpUsername",
  "smtpPassword",
  "smtpFrom",
  "globalSystemPrompt",
] as const;

/** What anyone may read: the settings without the secret ones, and the running version. */
export const publicTenantConfigSchema = tenantConfigSchema
  .omit(
    Object.fromEntries(secretTenantFields.map((k) => [k, true])) as {
      [K in (typeof secretTenantFields)[number]]: true;
    },
  )
  .extend({
    version: z.string(),
    /** The original client's Aliyun captcha settings; this platform has no captcha (openCaptcha is always 0). */
    captchaAccessKeyId: z.literal(""),
    captchaPrefix: z.literal(""),
    captchaSceneId: z.literal(""),
    /** The original client's theme JSON; null keeps its built-in theme. */
    templateConfig: z.null(),
  });
export type PublicTenantConfig = z.infer<typeof publicTenantConfigSchema>;

/** /api/tenant/*: the public settings of the site. */
export const tenant = {
  config: endpoint({ method: "GET", path: "/api/tenant/config", response: publicTenantConfigSchema }),
};
