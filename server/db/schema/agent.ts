import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { componentTypes, historyKinds, openClose, publishStatuses, relationKinds } from "../../../contract/enums";
import { createdAt, modifiedAt } from "./columns";
import { spaces } from "./space";
import { users } from "./user";

export { componentTypes, historyKinds, openClose, publishStatuses, relationKinds };

export interface GuidQuestion {
  type: "Question" | "Page" | "Link";
  info: string;
  icon?: string | null;
  url?: string | null;
}

export interface ShortcutInstruction {
  name: string;
  content: string;
}

export const agents = pgTable(
  "agent",
  {
    id: serial("id").primaryKey(),
    uid: text("uid").notNull(),
    tenantId: integer("tenant_id").notNull(),
    spaceId: integer("space_id")
      .notNull()
      .references(() => spaces.id, { onDelete: "cascade" }),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    icon: text("icon").notNull().default(""),
    systemPrompt: text("system_prompt").notNull().default(""),
    userPrompt: text("user_prompt").notNull().default(""),
    openSuggest: text("open_suggest", { enum: openClose }).notNull().default("Close"),
    suggestPrompt: text("suggest_prompt").notNull().default(""),
    openingChatMsg: text("opening_chat_msg").notNull().default(""),
    guidQuestions: jsonb("guid_questions").$type<GuidQuestion[]>().notNull().default([]),
    openLongMemory: text("open_long_memory", { enum: openClose }).notNull().default("Close"),
    openScheduledTask: text("open_scheduled_task", { enum: openClose }).notNull().default("Close"),
    openFileBox: text("open_file_box", { enum: openClose }).notNull().default("Close"),
    shortcutInstructions: jsonb("shortcut_instructions").$type<ShortcutInstruction[]>().notNull().default([]),
    publishStatus: text("publish_status", { enum: publishStatuses }).notNull().default("Developing"),
    publishDate: timestamp("publish_date", { withTimezone: true, mode: "date" }),
    created: createdAt(),
    modified: modifiedAt(),
  },
  (t) => [index("agent_space_idx").on(t.spaceId, t.modified), index("agent_tenant_idx").on(t.tenantId)],
);

export const agentComponents = pgTable(
  "agent_component",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull(),
    agentId: integer("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    type: text("type", { enum: componentTypes }).notNull(),
    /** The bound plugin/workflow/knowledge/table/model id; -1 for Variable and Trigger, which have no target. */
    targetId: integer("target_id").notNull(),
    name: text("name").notNull(),
    icon: text("icon").notNull().default(""),
    description: text("description").notNull().default(""),
    bindConfig: jsonb("bind_config").$type<Record<string, unknown>>().notNull().default({}),
    exceptionOut: integer("exception_out").notNull().default(0),
    fallbackMsg: text("fallback_msg").notNull().default(""),
    created: createdAt(),
    modified: modifiedAt(),
  },
  (t) => [index("agent_component_agent_idx").on(t.agentId)],
);

export const configHistory = pgTable(
  "config_history",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull(),
    targetType: text("target_type", { enum: ["Agent", "Plugin", "Workflow"] }).notNull(),
    targetId: integer("target_id").notNull(),
    type: text("type", { enum: historyKinds }).notNull(),
    config: jsonb("config").$type<Record<string, unknown>>().notNull(),
    description: text("description").notNull().default(""),
    opUserId: integer("op_user_id").notNull(),
    created: createdAt(),
    modified: modifiedAt(),
  },
  (t) => [index("config_history_target_idx").on(t.targetType, t.targetId, t.id)],
);

/** Per-user links to an agent: recently edited/used, starred in the workspace, favourite, liked. */
export const userAgentRelations = pgTable(
  "user_agent_relation",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    agentId: integer("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    type: text("type", { enum: relationKinds }).notNull(),
    extra: jsonb("extra").$type<Record<string, unknown>>().notNull().default({}),
    created: createdAt(),
    modified: modifiedAt(),
  },
  (t) => [
    uniqueIndex("user_agent_relation_uq").on(t.userId, t.agentId, t.type),
    index("user_agent_relation_recent_idx").on(t.userId, t.type, t.modified),
  ],
);

export const statisticNames = [
  "userCount",
  "convCount",
  "collectCount",
  "likeCount",
  "referenceCount",
  "callCount",
  "failCallCount",
  "totalCallDuration",
] as const;

export const agentStatistics = pgTable(
  "agent_statistic",
  {
    agentId: integer("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    name: text("name", { enum: statisticNames }).notNull(),
    value: integer("value").notNull().default(0),
  },
  (t) => [uniqueIndex("agent_statistic_uq").on(t.agentId, t.name)],
);

/** Global card styles for the chat side panel (not per tenant), seeded with template-1…4. */
export const cards = pgTable("card", {
  id: serial("id").primaryKey(),
  cardKey: text("card_key").notNull().unique(),
  name: text("name").notNull(),
  imageUrl: text("image_url").notNull().default(""),
  args: jsonb("args").$type<{ key: string; placeholder: string }[]>().notNull().default([]),
});
