import { z } from "../zod";
import { tenantConfigSchema } from "./tenant";

/** The groups of 系统配置, as the page shows them. */
export const configCategories = [
  "BaseConfig",
  "LoginConfig",
  "PublishConfig",
  "ModelSetting",
  "AgentSetting",
  "MailConfig",
] as const;

/** One tenant setting with how to edit it; a secret's value is masked (or "" when unset). */
export const configItemDto = z.object({
  name: tenantConfigSchema.keyof(),
  description: z.string(),
  category: z.enum(configCategories),
  inputType: z.enum(["Input", "Textarea", "Select", "Number", "Switch", "Password", "MultiInput"]),
  notice: z.string().optional(),
  /** For selects: `value:label` pairs. */
  options: z.string().optional(),
  tenantId: z.number().int(),
  value: z.union([z.string(), z.number(), z.array(z.string()), z.array(z.number()), z.null()]),
  sort: z.number().int(),
});
export type ConfigItemDto = z.infer<typeof configItemDto>;
