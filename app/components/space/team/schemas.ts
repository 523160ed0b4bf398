import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { idField } from "#app/lib/forms";
import { grantableRoles } from "#app/lib/labels";
import type { endpoints, ResponseOf } from "#contract/api";
import { spaceInfoSchema } from "../create-space-form";

/** The team page's forms, one per `intent`; shared by the browser (conform) and the route action. */
const role = z.enum(grantableRoles, { error: "请选择角色" });

export const teamSchemas = {
  update: spaceInfoSchema.extend({ intent: z.literal("update") }),
  add: z.object({ intent: z.literal("add"), userId: idField(), role }),
  role: z.object({ intent: z.literal("role"), userId: idField(), role }),
  remove: z.object({ intent: z.literal("remove"), userId: idField() }),
  transfer: z.object({ intent: z.literal("transfer"), userId: idField() }),
  delete: z.object({ intent: z.literal("delete") }),
  settings: z.object({
    intent: z.literal("settings"),
    allowDevelop: z.boolean().optional(),
    receivePublish: z.boolean().optional(),
  }),
};

export type TeamIntent = keyof typeof teamSchemas;

export const isTeamIntent = (value: unknown): value is TeamIntent =>
  typeof value === "string" && Object.hasOwn(teamSchemas, value);

export type Member = ResponseOf<typeof endpoints.space.memberList>[number];

/** What the action returns when a team-page form fails; `userId` says which member row it belongs to. */
export interface TeamReply {
  intent: TeamIntent;
  userId?: number;
  result: SubmissionResult<string[]>;
}
