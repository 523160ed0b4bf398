import type { Actor, Deps } from "#server/core";
import { badField, requireSystemAdmin } from "#server/core";
import type { Db } from "#server/db/client";
import { EMAIL_RE } from "../auth/contract";
import { findModel } from "../model";
import { publishedOfTarget } from "../publish";
import { findTenantConfigValues, saveTenantConfigValues } from "../tenant";
import { type TenantConfig, tenantConfigSchema } from "../tenant/contract";
import { freshPictures, getTenantConfig } from "../tenant/service";

type Category = "BaseConfig" | "LoginConfig" | "PublishConfig" | "ModelSetting" | "AgentSetting" | "MailConfig";
type InputType = "Input" | "Textarea" | "Select" | "Number" | "Switch" | "Password" | "MultiInput";

interface ConfigItem {
  name: keyof TenantConfig;
  description: string;
  category: Category;
  inputType: InputType;
  notice?: string;
  /** For selects: `value:label` pairs. */
  options?: string;
}

/** The settings an admin edits on /system/config, grouped as the page shows them. */
export const configItems: ConfigItem[] = [
  { name: "siteName", description: "站点名称", category: "BaseConfig", inputType: "Input" },
  { name: "siteDescription", description: "站点描述", category: "BaseConfig", inputType: "Input" },
  {
    name: "siteUrl",
    description: "站点地址",
    category: "BaseConfig",
    inputType: "Input",
    notice: "用于生成临时会话链接，例如 https://agents.example.com/",
  },
  { name: "siteLogo", description: "站点 Logo 地址", category: "BaseConfig", inputType: "Input" },
  { name: "faviconUrl", description: "网站图标地址", category: "BaseConfig", inputType: "Input" },
  {
    name: "homeSlogan",
    description: "首页标语",
    category: "BaseConfig",
    inputType: "Input",
    notice: "{{USER_NAME}} 会替换为用户名",
  },
  { name: "pageFooterText", description: "页脚文字", category: "BaseConfig", inputType: "Input" },
  { name: "squareBannerText", description: "广场横幅标题", category: "BaseConfig", inputType: "Input" },
  { name: "squareBannerSubText", description: "广场横幅副标题", category: "BaseConfig", inputType: "Input" },
  { name: "loginPageText", description: "登录页标题", category: "LoginConfig", inputType: "Input" },
  { name: "loginPageSubText", description: "登录页副标题", category: "LoginConfig", inputType: "Textarea" },
  {
    name: "authType",
    description: "登录方式",
    category: "LoginConfig",
    inputType: "Select",
    options: "3:邮箱验证码,1:手机验证码",
  },
  {
    name: "openRegister",
    description: "开放注册",
    category: "LoginConfig",
    inputType: "Switch",
    notice: "关闭后只有管理员添加的用户可以登录",
  },
  { name: "authExpire", description: "登录有效期（分钟）", category: "LoginConfig", inputType: "Number" },
  {
    name: "agentPublishAudit",
    description: "智能体发布到广场需要审核",
    category: "PublishConfig",
    inputType: "Switch",
  },
  { name: "pluginPublishAudit", description: "插件发布需要审核", category: "PublishConfig", inputType: "Switch" },
  { name: "workflowPublishAudit", description: "工作流发布需要审核", category: "PublishConfig", inputType: "Switch" },
  { name: "allowAgentTempChat", description: "允许临时会话链接", category: "PublishConfig", inputType: "Switch" },
  { name: "defaultChatModelId", description: "默认对话模型", category: "ModelSetting", inputType: "Select" },
  { name: "defaultSuggestModelId", description: "追问建议模型", category: "ModelSetting", inputType: "Select" },
  { name: "defaultEmbedModelId", description: "默认向量模型", category: "ModelSetting", inputType: "Select" },
  {
    name: "defaultAgentId",
    description: "首页默认智能体",
    category: "AgentSetting",
    inputType: "Select",
    notice: "首页输入框对话的智能体（需已发布到广场）",
  },
  {
    name: "globalSystemPrompt",
    description: "全局系统提示词",
    category: "AgentSetting",
    inputType: "Textarea",
    notice: "会加在每个智能体的系统提示词之前",
  },
  { name: "smtpHost", description: "SMTP 服务器", category: "MailConfig", inputType: "Input" },
  { name: "smtpPort", description: "SMTP 端口", category: "MailConfig", inputType: "Number" },
  { name: "smtpUsername", description: "SMTP 用户名", category: "MailConfig", inputType: "Input" },
  { name: "smtpPassword", description: "SMTP 密码", category: "MailConfig", inputType: "Password" },
  { name: "smtpFrom", description: "发件人地址", category: "MailConfig", inputType: "Input" },
];

const secretNames = new Set<keyof TenantConfig>(["smtpPassword"]);
/** What a stored secret reads as: never any of its characters, only whether one is set. */
export const SECRET_MASK = "********";
const modelKinds: Partial<Record<keyof TenantConfig, "Chat" | "Embeddings">> = {
  defaultChatModelId: "Chat",
  defaultSuggestModelId: "Chat",
  defaultEmbedModelId: "Embeddings",
};
const numericNames = new Set(
  configItems
    .filter((i) => i.inputType === "Number" || i.inputType === "Switch" || i.inputType === "Select")
    .map((i) => i.name),
);

export async function listConfig(deps: Deps, actor: Actor) {
  requireSystemAdmin(actor);
  const stored = await getTenantConfig(deps, actor.tenantId);
  // Pictures as the form previews them: a link to an upload signed afresh (saving it back stores the fresh one).
  const config = { ...stored, ...freshPictures(stored) };
  return configItems.map((item, sort) => ({
    ...item,
    tenantId: actor.tenantId,
    value: secretNames.has(item.name) ? (config[item.name] ? SECRET_MASK : "") : config[item.name],
    sort,
  }));
}

/** Form values arrive as strings; numbers and switches are coerced, empty selects mean "not set". */
function coerce(name: keyof TenantConfig, value: unknown) {
  if (!numericNames.has(name) || typeof value !== "string") return value;
  if (value.trim() === "") return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : value;
}

const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
};
/** A same-site path ("/logo.png"), not a protocol-relative "//host" one. */
const isSitePath = (v: string) => v.startsWith("/") && !v.startsWith("//") && !v.includes("\\");

/** Formats the tenant schema does not check: links the pages render and the mail sender address. */
const formatChecks: Partial<Record<keyof TenantConfig, { test: (v: string) => boolean; message: string }>> = {
  siteUrl: { test: isHttpUrl, message: "必须是 http(s) 地址" },
  siteLogo: { test: (v) => isHttpUrl(v) || isSitePath(v), message: "必须是 http(s) 地址或以 / 开头的站内路径" },
  faviconUrl: { test: (v) => isHttpUrl(v) || isSitePath(v), message: "必须是 http(s) 地址或以 / 开头的站内路径" },
  smtpFrom: {
    test: (v) => EMAIL_RE.test(v) || /^[^<>]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>$/.test(v),
    message: "必须是邮箱地址，例如 noreply@example.com 或 平台 <noreply@example.com>",
  },
};

/** A setting that points at something must point at something usable: a 4000 naming it otherwise. */
async function checkReference(db: Db, tenantId: number, name: keyof TenantConfig, value: unknown) {
  if (typeof value !== "number") return;
  const kind = modelKinds[name];
  if (kind) {
    const model = await findModel(db, tenantId, value);
    if (!model || model.scope === "Space" || model.enabled !== 1 || model.type !== kind) {
      throw badField(name, `必须是已启用的公共${kind === "Chat" ? "对话" : "向量"}模型`);
    }
  }
  if (name === "defaultAgentId") {
    const live = await publishedOfTarget(db, "Agent", value);
    if (!live.some((p) => p.tenantId === tenantId && p.scope === "Tenant")) {
      throw badField(name, "必须是已发布到广场的智能体");
    }
  }
}

/** Saves the given settings after validating each (all or nothing); a masked or empty secret means "unchanged". */
export async function saveConfig(deps: Deps, actor: Actor, input: Record<string, unknown>) {
  requireSystemAdmin(actor);
  const known = new Set(configItems.map((i) => i.name as string));
  const stored = await findTenantConfigValues(deps.db, actor.tenantId);
  const next: Record<string, unknown> = { ...stored };
  for (const [key, raw] of Object.entries(input)) {
    if (!known.has(key)) throw badField(key, "不是可配置的项");
    const name = key as keyof TenantConfig;
    if (secretNames.has(name) && typeof raw === "string" && (raw === "" || raw === SECRET_MASK)) continue;
    const value = coerce(name, raw);
    const field = tenantConfigSchema.shape[name];
    const parsed = field.safeParse(value);
    if (!parsed.success) throw badField(key, parsed.error.issues[0]?.message ?? "不合法");
    if (name === "defaultChatModelId" && parsed.data === null) throw badField(key, "必须设置默认对话模型");
    // Unchanged values are not re-checked, so a full form posted back never trips over an older setting.
    if (parsed.data !== stored[key]) {
      const format = formatChecks[name];
      if (format && typeof parsed.data === "string" && parsed.data !== "" && !format.test(parsed.data)) {
        throw badField(key, format.message);
      }
      await checkReference(deps.db, actor.tenantId, name, parsed.data);
    }
    next[key] = parsed.data;
  }
  await saveTenantConfigValues(deps.db, actor.tenantId, next);
}
