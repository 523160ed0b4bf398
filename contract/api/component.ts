import { componentTypes, publishStatuses } from "../enums";
import { z } from "../zod";
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

/** /api/component/*: the components of a space. */
export const component = {
  list: endpoint({ method: "GET", path: "/api/component/list/:spaceId", response: z.array(libraryItemDto) }),
};
