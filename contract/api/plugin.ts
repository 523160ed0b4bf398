import { argSchema } from "../args";
import { componentPermissions } from "../components";
import { historyKinds, publishScopes, publishStatuses } from "../enums";
import { pageSchema } from "../page";
import { codeLanguageSchema, codePluginConfigSchema, httpPluginConfigSchema, pluginTypeSchema } from "../plugin";
import { safeUrl } from "../safe-url";
import { flag01, id, shortText, z } from "../zod";
import { endpoint, nothing } from "./endpoint";
import { agentCategories } from "./publish";
import { creatorInfoSchema, statisticsSchema } from "./views";

/**
 * /api/plugin/* (reference original-frontend.md §1.12, original-backend.md §7.1) and the plugin tab of the square.
 * Where the reference is silent:
 * - `creatorId` in the add body is accepted and ignored: the creator is always the caller.
 * - `codeLang` is required for a CODE plugin (JavaScript or Python) and null for an HTTP one.
 * - Restoring a config history entry is `POST /api/plugin/restore/:historyId` (the workflow's restore path,
 *   original-backend.md §4.4); it is recorded as a new Edit entry, so the restore itself can be undone.
 * - The legacy `/api/plugin/publish` is an /api/publish/apply with one item (Global is read as Tenant); the
 *   envelope's message says whether it went live or waits for the audit.
 */

const pluginName = z.string().trim().min(1, "不能为空").max(64, "最多 64 个字符");

export const addPluginInput = z
  .object({
    spaceId: id(),
    creatorId: z.unknown().optional(),
    name: pluginName,
    description: shortText(500).default(""),
    icon: safeUrl().default(""),
    type: pluginTypeSchema,
    codeLang: codeLanguageSchema.nullable().optional(),
  })
  .refine((p) => p.type !== "CODE" || p.codeLang, { path: ["codeLang"], message: "代码插件必须选择代码语言" });

const basicFields = {
  id: id(),
  name: pluginName.optional(),
  description: shortText(500).optional(),
  icon: safeUrl().optional(),
};

export const httpUpdateInput = z.object({ ...basicFields, config: httpPluginConfigSchema.optional() });
export const codeUpdateInput = z.object({ ...basicFields, config: codePluginConfigSchema.optional() });

/** Sample input by argument name (nested objects and arrays as JSON values). */
const params = z.record(z.string().max(64), z.unknown()).default({});

export const pluginTestInput = z.object({
  requestId: shortText(64).optional(),
  pluginId: id(),
  params,
});
export const analysisOutputInput = z.object({ pluginId: id(), params });

export const legacyPublishInput = z.object({
  pluginId: id(),
  scope: z.enum([...publishScopes, "Global"], { error: "必须是 Space、Tenant 或 Global" }).default("Tenant"),
  spaceId: id().optional(),
  remark: z.string().trim().max(500, "最多 500 个字符").default(""),
  category: z
    .enum(
      agentCategories.map((c) => c.key),
      { error: "分类不存在" },
    )
    .default("Other"),
  allowCopy: flag01.default(0),
});

export type AddPluginInput = z.infer<typeof addPluginInput>;
export type HttpUpdateInput = z.infer<typeof httpUpdateInput>;
export type CodeUpdateInput = z.infer<typeof codeUpdateInput>;
export type PluginTestInput = z.infer<typeof pluginTestInput>;
export type LegacyPublishInput = z.infer<typeof legacyPublishInput>;

export const pluginPermissions = componentPermissions;
export type PluginPermission = (typeof pluginPermissions)[number];

const date = z.iso.datetime({ offset: true });

export const pluginConfigSchema = z.union([httpPluginConfigSchema, codePluginConfigSchema]);

export const pluginInfoSchema = z.object({
  id: z.number().int(),
  spaceId: z.number().int(),
  creatorId: z.number().int(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  type: pluginTypeSchema,
  codeLang: codeLanguageSchema.nullable(),
  publishStatus: z.enum(publishStatuses),
  /** The scope of the newest live publication; null while unpublished. */
  scope: z.enum(publishScopes).nullable(),
  config: pluginConfigSchema,
  modified: date,
  publishDate: date.nullable(),
  created: date,
  creator: creatorInfoSchema,
  category: z.string().nullable().optional(),
  permissions: z.array(z.enum(pluginPermissions)),
});
export type PluginInfo = z.infer<typeof pluginInfoSchema>;

/**
 * A run from the editor. `result.data` holds the output values; they are also at the top of `result` under their
 * names. HTTP plugins add the raw status, headers and body. A refused or failed run: success false, `error` in
 * Chinese, `result` what was known (null when nothing ran).
 */
export const pluginTestResultSchema = z.object({
  success: z.boolean(),
  result: z
    .object({
      HTTP_BODY: z.unknown().optional(),
      HTTP_HEADERS: z.record(z.string(), z.string()).optional(),
      HTTP_STATUS_CODE: z.number().int().optional(),
      data: z.unknown(),
    })
    .catchall(z.unknown())
    .nullable(),
  logs: z.array(z.string()),
  error: z.string().nullable(),
  requestId: z.string(),
  costTime: z.number().nonnegative(),
});
export type PluginTestResult = z.infer<typeof pluginTestResultSchema>;

export const pluginHistorySchema = z.object({
  id: z.number().int(),
  targetType: z.literal("Plugin"),
  targetId: z.number().int(),
  type: z.enum(historyKinds),
  config: z.record(z.string(), z.unknown()),
  description: z.string(),
  opUser: creatorInfoSchema,
  created: date,
  modified: date,
});

/** A plugin card of the square. */
export const squarePluginSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  spaceId: z.number().int(),
  targetType: z.literal("Plugin"),
  targetId: z.number().int(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  remark: z.string(),
  scope: z.enum(publishScopes),
  category: z.string(),
  allowCopy: z.number().int(),
  pluginType: pluginTypeSchema,
  codeLang: codeLanguageSchema.nullable(),
  statistics: statisticsSchema,
  /** The reader's favourite (false for visitors). */
  collect: z.boolean(),
  publishUser: creatorInfoSchema,
  created: date,
  modified: date,
});

export const squarePluginListInput = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  category: z.string().trim().max(32).optional(),
  kw: z.string().trim().max(64).optional(),
  spaceId: id().optional(),
  allowCopy: flag01.optional(),
});

/** A published plugin as the square and the agent editor's picker show it (PublishPluginInfo). */
export const publishedPluginSchema = z.object({
  id: z.number().int(),
  spaceId: z.number().int(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  type: pluginTypeSchema,
  codeLang: codeLanguageSchema.nullable(),
  remark: z.string(),
  category: z.string(),
  scope: z.enum(publishScopes),
  allowCopy: z.number().int(),
  inputArgs: z.array(argSchema),
  outputArgs: z.array(argSchema),
  /** JSON text: what the declared outputs look like, each by its type. */
  sampleOutput: z.string(),
  statistics: statisticsSchema,
  collect: z.boolean(),
  publishUser: creatorInfoSchema,
  publishDate: date,
  /** When this publication went live. */
  created: date,
});

export const plugin = {
  add: endpoint({ method: "POST", path: "/api/plugin/add", body: addPluginInput, response: z.number().int() }),
  httpUpdate: endpoint({ method: "POST", path: "/api/plugin/http/update", body: httpUpdateInput, response: nothing }),
  codeUpdate: endpoint({ method: "POST", path: "/api/plugin/code/update", body: codeUpdateInput, response: nothing }),
  test: endpoint({ method: "POST", path: "/api/plugin/test", body: pluginTestInput, response: pluginTestResultSchema }),
  analysisOutput: endpoint({
    method: "POST",
    path: "/api/plugin/analysis/output",
    body: analysisOutputInput,
    response: z.array(argSchema),
  }),
  publish: endpoint({ method: "POST", path: "/api/plugin/publish", body: legacyPublishInput, response: nothing }),
  delete: endpoint({ method: "POST", path: "/api/plugin/delete/:pluginId", response: nothing }),
  copy: endpoint({ method: "POST", path: "/api/plugin/copy/:pluginId/:targetSpaceId", response: z.number().int() }),
  history: endpoint({
    method: "GET",
    path: "/api/plugin/config/history/list/:pluginId",
    response: z.array(pluginHistorySchema),
  }),
  restore: endpoint({ method: "POST", path: "/api/plugin/restore/:historyId", response: nothing }),
  /** Registered last on the server, after the literal paths. */
  get: endpoint({ method: "GET", path: "/api/plugin/:pluginId", response: pluginInfoSchema }),
  squareList: endpoint({
    method: "POST",
    path: "/api/published/plugin/list",
    body: squarePluginListInput,
    response: pageSchema(squarePluginSchema),
  }),
  published: endpoint({ method: "GET", path: "/api/published/plugin/:pluginId", response: publishedPluginSchema }),
};
