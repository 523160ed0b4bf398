import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { userRoles, userStatuses, verifyCodeTypes } from "../../../contract/enums";
import { createdAt, modifiedAt } from "./columns";
import { tenants } from "./tenant";

export { userRoles, userStatuses, verifyCodeTypes };

export const users = pgTable(
  "user",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id")
      .notNull()
      .references(() => tenants.id),
    uid: text("uid").notNull(),
    userName: text("user_name").notNull(),
    nickName: text("nick_name"),
    avatar: text("avatar"),
    status: text("status", { enum: userStatuses }).notNull().default("Enabled"),
    role: text("role", { enum: userRoles }).notNull().default("User"),
    passwordHash: text("password_hash"),
    /** 0 = the user never chose a password (signed up by code) and should be sent to /set-password. */
    resetPass: integer("reset_pass").notNull().default(0),
    email: text("email"),
    phone: text("phone"),
    lang: text("lang").notNull().default("zh-CN"),
    lastLoginTime: timestamp("last_login_time", { withTimezone: true, mode: "date" }),
    created: createdAt(),
    modified: modifiedAt(),
  },
  (t) => [
    uniqueIndex("user_tenant_name_uq").on(t.tenantId, t.userName),
    uniqueIndex("user_tenant_email_uq").on(t.tenantId, t.email),
    uniqueIndex("user_tenant_phone_uq").on(t.tenantId, t.phone),
  ],
);

export const authTokens = pgTable(
  "auth_token",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tenantId: integer("tenant_id").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    created: createdAt(),
  },
  (t) => [uniqueIndex("auth_token_hash_uq").on(t.tokenHash), index("auth_token_user_idx").on(t.userId)],
);

export const verifyCodes = pgTable(
  "verify_code",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull(),
    target: text("target").notNull(),
    type: text("type", { enum: verifyCodeTypes }).notNull(),
    code: text("code").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    created: createdAt(),
  },
  (t) => [index("verify_code_target_idx").on(t.tenantId, t.target, t.type)],
);

/** Fixed-window counters shared by every instance (state in the database, not in memory). */
export const rateLimits = pgTable("rate_limit", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  resetAt: timestamp("reset_at", { withTimezone: true, mode: "date" }).notNull(),
});
