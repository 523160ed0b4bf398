import { index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { functionCallModes, modelProtocols, modelScopes, modelTypes } from "../../../contract/enums";
import { createdAt, modifiedAt } from "./columns";

export { functionCallModes, modelProtocols, modelScopes, modelTypes };

/** Builtin is the deterministic offline model seeded as the default, so a fresh install chats with no key. */

export const models = pgTable(
  "model",
  {
    id: serial("id").primaryKey(),
    tenantId: integer("tenant_id").notNull(),
    spaceId: integer("space_id"),
    creatorId: integer("creator_id"),
    scope: text("scope", { enum: modelScopes }).notNull().default("Tenant"),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    model: text("model").notNull(),
    type: text("type", { enum: modelTypes }).notNull().default("Chat"),
    protocol: text("protocol", { enum: modelProtocols }).notNull().default("OpenAI"),
    baseUrl: text("base_url").notNull().default(""),
    /** AES-256-GCM ciphertext (key from SECRET_KEY); never returned unmasked. */
    apiKeyEncrypted: text("api_key_encrypted"),
    maxTokens: integer("max_tokens").notNull().default(4096),
    contextSize: integer("context_size").notNull().default(32768),
    functionCall: text("function_call", { enum: functionCallModes }).notNull().default("CallSupported"),
    isReasonModel: integer("is_reason_model").notNull().default(0),
    dimension: integer("dimension"),
    enabled: integer("enabled").notNull().default(1),
    sort: integer("sort").notNull().default(0),
    created: createdAt(),
    modified: modifiedAt(),
  },
  (t) => [index("model_tenant_idx").on(t.tenantId), index("model_space_idx").on(t.spaceId)],
);
