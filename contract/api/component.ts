import { componentTypes, publishStatuses } from "../enums";
import { pageSchema } from "../page";
import { id, shortText, z } from "../zod";
import { endpoint } from "./endpoint";

/** A row of a space's component library (ComponentInfo of the original client); `ext` is kind-specific. */
export const libraryItemDto = z.object({
  id: z.number().int(),
  spaceId: z.number().int(),
  /** The kinds a library holds: everything but agents themselves and triggers (which live on one agent). */
  type: z.enum(componentTypes).exclude(["Agent", "Trigger"]),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  publishStatus: z.enum(publishStatuses).nullable(),
  ext: z.string().nullable(),
  creatorId: z.number().int().nullable(),
  created: z.iso.datetime({ offset: true }),
  modified: z.iso.datetime({ offset: true }),
});
export type LibraryItemDto = z.infer<typeof libraryItemDto>;

/** The library's type tab: one kind, or all of them (`All_Type`). */
export const libraryTypes = ["All_Type", "Variable", "Workflow", "Plugin", "Knowledge", "Table", "Model"] as const;

/**
 * One page of the library, filtered as its tabs and search box are (the original client filters the whole
 * list itself; a space with thousands of components is paged here instead). Newest change first.
 */
export const componentPageInput = z.object({
  spaceId: id(),
  type: z.enum(libraryTypes, { error: "不是支持的组件类型" }).default("All_Type"),
  status: z
    .enum(["All", "Published", "Recently_Open"], { error: "必须是 All、Published 或 Recently_Open" })
    .default("All"),
  creator: z.enum(["All_Person", "Me"], { error: "必须是 All_Person 或 Me" }).default("All_Person"),
  kw: shortText(64).optional(),
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(30),
});
export type ComponentPageInput = z.infer<typeof componentPageInput>;

/** /api/component/*: the components of a space. */
export const component = {
  list: endpoint({ method: "GET", path: "/api/component/list/:spaceId", response: z.array(libraryItemDto) }),
  page: endpoint({
    method: "POST",
    path: "/api/component/page",
    body: componentPageInput,
    response: pageSchema(libraryItemDto),
  }),
};
