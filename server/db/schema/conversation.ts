import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { conversationTypes, messageStatuses, runStatuses } from "../../../contract/enums";
import { agents } from "./agent";
import { createdAt, modifiedAt } from "./columns";
import { authTokens, users } from "./user";

export { conversationTypes, messageStatuses, runStatuses };

export interface Attachment {
  fileKey: string;
  fileUrl: string;
  fileName: string;
  mimeType: string;
}

export const conversations = pgTable(
  "conversation",
  {
    id: serial("id").primaryKey(),
    uid: text("uid").notNull(),
    tenantId: integer("tenant_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    agentId: integer("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    topic: text("topic").notNull().default(""),
    /** 0 = not titled yet, 1 = a title was generated or set. */
    topicUpdated: integer("topic_updated").notNull().default(0),
    summary: text("summary").notNull().default(""),
    variables: jsonb("variables").$type<Record<string, unknown>>().notNull().default({}),
    /** 1 = the editor's debug conversation or a temporary link: runs the draft configuration. */
    devMode: integer("dev_mode").notNull().default(0),
    type: text("type", { enum: conversationTypes }).notNull().default("Chat"),
    tempLinkId: integer("temp_link_id"),
    created: createdAt(),
    modified: modifiedAt(),
  },
  (t) => [
    uniqueIndex("conversation_uid_uq").on(t.uid),
    index("conversation_user_idx").on(t.userId, t.agentId, t.modified),
  ],
);

export const messages = pgTable(
  "conversation_message",
  {
    id: serial("id").primaryKey(),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    requestId: text("request_id").notNull(),
    role: text("role", { enum: ["USER", "ASSISTANT", "SYSTEM"] }).notNull(),
    type: text("type", { enum: ["CHAT", "THINK", "QUESTION", "ANSWER"] })
      .notNull()
      .default("CHAT"),
    text: text("text").notNull().default(""),
    think: text("think").notNull().default(""),
    attachments: jsonb("attachments").$type<Attachment[]>().notNull().default([]),
    status: text("status", { enum: messageStatuses }).notNull().default("complete"),
    finishReason: text("finish_reason"),
    processingList: jsonb("processing_list").$type<Record<string, unknown>[]>().notNull().default([]),
    finalResult: jsonb("final_result").$type<Record<string, unknown> | null>(),
    suggestions: jsonb("suggestions").$type<string[]>().notNull().default([]),
    created: createdAt(),
    modified: modifiedAt(),
  },
  (t) => [index("message_conversation_idx").on(t.conversationId, t.id), index("message_status_idx").on(t.status)],
);

/**
 * One row per answer being generated: the stop flag lives here so any instance can stop any run. At most one run of
 * a conversation executes at a time (chat_run_executing_uq): a turn's start inserts its run with ON CONFLICT DO
 * NOTHING, so of two simultaneous messages only one starts, across processes, without a row lock (turn-start.ts).
 */
export const chatRuns = pgTable(
  "chat_run",
  {
    requestId: text("request_id").primaryKey(),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull(),
    status: text("status", { enum: runStatuses }).notNull().default("EXECUTING"),
    stopRequested: boolean("stop_requested").notNull().default(false),
    created: createdAt(),
    modified: modifiedAt(),
  },
  (t) => [uniqueIndex("chat_run_executing_uq").on(t.conversationId).where(sql`${t.status} = 'EXECUTING'`)],
);

export const tempChatLinks = pgTable(
  "temp_chat_link",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull(),
    agentId: integer("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    chatKey: text("chat_key").notNull(),
    requireLogin: integer("require_login").notNull().default(1),
    expire: timestamp("expire", { withTimezone: true, mode: "date" }),
    created: createdAt(),
    modified: modifiedAt(),
  },
  (t) => [uniqueIndex("temp_chat_key_uq").on(t.chatKey)],
);

export const files = pgTable(
  "file",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull(),
    userId: integer("user_id"),
    key: text("key").notNull(),
    fileName: text("file_name").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    created: createdAt(),
  },
  (t) => [uniqueIndex("file_key_uq").on(t.key)],
);

/**
 * Event queue per signed-in session (one row per live token), polled by the web client:
 * chat_finished, new_notify_message, refresh_chat_message.
 */
export const notifyEvents = pgTable(
  "notify_event",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenId: integer("token_id")
      .notNull()
      .references(() => authTokens.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    event: jsonb("event").$type<Record<string, unknown>>().notNull(),
    created: createdAt(),
  },
  (t) => [index("notify_event_token_idx").on(t.tokenId, t.id)],
);
