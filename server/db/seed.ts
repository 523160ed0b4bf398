import { randomBytes } from "node:crypto";
import type { Deps } from "../api/context";
import { hashPassword } from "../lib/crypto";
import { createUserWithSpace } from "../modules/auth/service";
import { countTenants, insertTenant, saveTenantConfigValues } from "../modules/tenant/repo";

/**
 * First start only: tenant 1 with default settings and the `admin` user with its personal space.
 * The admin password comes from ADMIN_PASSWORD or is generated and printed once — never a default.
 */
export async function seed(deps: Deps) {
  if (await countTenants(deps.db)) return { seeded: false as const };
  const tenant = await insertTenant(deps.db, "默认租户", "智能体平台默认租户");
  await saveTenantConfigValues(deps.db, tenant.id, {});
  const generated = !deps.config.ADMIN_PASSWORD;
  const password = deps.config.ADMIN_PASSWORD ?? randomBytes(12).toString("base64url");
  const admin = await createUserWithSpace(deps, {
    tenantId: tenant.id,
    uid: "admin",
    userName: "admin",
    nickName: "管理员",
    role: "Admin",
    resetPass: 1,
    passwordHash: await hashPassword(password),
  });
  if (generated) {
    deps.log.warn({ userName: "admin", password }, "已创建管理员账号 admin，初始密码只显示这一次，请登录后修改");
  }
  return { seeded: true as const, adminId: admin.id, tenantId: tenant.id };
}
