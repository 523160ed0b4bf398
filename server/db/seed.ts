import { randomBytes } from "node:crypto";
import type { Deps } from "../core";
import { hashPassword } from "../lib/crypto";
import { ensureCards } from "../modules/agent";
import { createUserWithSpace } from "../modules/auth/service";
import { insertModel } from "../modules/model";
import { countTenants, insertTenant, saveTenantConfigValues } from "../modules/tenant";
import { seedExamples } from "./seed-examples";

/** The chat side panel's card styles: global, refreshed on every start. */
const builtinCards = [
  {
    cardKey: "template-1",
    name: "图文卡片",
    args: [
      { key: "title", placeholder: "标题" },
      { key: "image", placeholder: "图片地址" },
      { key: "content", placeholder: "内容" },
    ],
  },
  {
    cardKey: "template-2",
    name: "信息卡片",
    args: [
      { key: "title", placeholder: "标题" },
      { key: "content", placeholder: "内容" },
    ],
  },
  {
    cardKey: "template-3",
    name: "链接卡片",
    args: [
      { key: "title", placeholder: "标题" },
      { key: "description", placeholder: "描述" },
      { key: "url", placeholder: "链接" },
    ],
  },
  {
    cardKey: "template-4",
    name: "数据卡片",
    args: [
      { key: "label", placeholder: "指标名" },
      { key: "value", placeholder: "数值" },
      { key: "unit", placeholder: "单位" },
    ],
  },
];

/**
 * First start only: tenant 1 with default settings, the `admin` user with its personal space, the home page's
 * default agent and a few square examples (seed-examples.ts).
 * The admin password comes from ADMIN_PASSWORD or is generated and printed once — never a default.
 */
export async function seed(deps: Deps) {
  await ensureCards(deps.db, builtinCards);
  if (await countTenants(deps.db)) return { seeded: false as const };
  const tenant = await insertTenant(deps.db, "默认租户", "智能体平台默认租户");
  const offline = await insertModel(deps.db, {
    tenantId: tenant.id,
    scope: "Tenant",
    name: "内置离线模型",
    description: "无需密钥、离线可用的确定性演示模型，用于体验与测试；正式使用请在系统管理中添加真实模型",
    model: "builtin-offline",
    type: "Chat",
    protocol: "Builtin",
    maxTokens: 2048,
    contextSize: 8192,
    functionCall: "CallSupported",
    isReasonModel: 1,
  });
  await saveTenantConfigValues(deps.db, tenant.id, {
    defaultChatModelId: offline.id,
    defaultSuggestModelId: offline.id,
  });
  const generated = !deps.config.ADMIN_PASSWORD;
  const password = deps.config.ADMIN_PASSWORD ?? randomBytes(12).toString("base64url");
  const admin = await createUserWithSpace(deps, {
    tenantId: tenant.id,
    uid: "admin",
    userName: "admin",
    nickName: "管理员",
    email: deps.config.ADMIN_EMAIL,
    role: "Admin",
    resetPass: 1,
    passwordHash: await hashPassword(password),
  });
  if (deps.config.SEED_EXAMPLES) await seedExamples(deps, admin);
  if (generated) {
    deps.log.warn(
      { userName: "admin", password },
      "已创建管理员账号 admin，初始密码只显示这一次，请登录后在「设置 → 重置密码」（/account/password）中修改",
    );
  }
  // The start prints the generated password again as its last lines (server/main.ts).
  return { seeded: true as const, adminId: admin.id, tenantId: tenant.id, password: generated ? password : undefined };
}
