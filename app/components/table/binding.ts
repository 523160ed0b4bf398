import { z } from "zod";
import type { TableFieldInfo } from "#contract/api/table";
import type { Arg } from "#contract/args";
import { tableBindSchema } from "#contract/components";
import { invokeTypes } from "#contract/enums";

/**
 * The agent editor's settings of a bound data table, as a form. The contract's Table bindConfig carries the
 * invocation mode and one arg per table field (`inputArgBindConfigs`): a custom field's arg says whether the
 * model sees it and what fills it when the model does not (a fixed value or a variable); a system field's arg
 * (uid, agent_id …) bound to a system variable is a condition every read and write is held to (uid = the
 * current user). These helpers turn a stored bindConfig into the form, the posted form back into a bindConfig.
 */

export type TableBind = z.output<typeof tableBindSchema>;
export type InvokeType = (typeof invokeTypes)[number];

export const invokeTypeLabels: Record<InvokeType, string> = {
  AUTO: "自动调用",
  ON_DEMAND: "按需调用",
  MANUAL: "手动选择",
  MANUAL_ON_DEMAND: "手动选择 + 按需调用",
};

/**
 * The modes a table offers: its tools need the model to write their arguments, so there is no AUTO (reference
 * original-backend.md §5.5); a manual mode offers them when the user selects the table. Stored AUTO and MANUAL
 * read as their on-demand counterparts, as the runtime treats them.
 */
export const tableInvokeTypes = ["ON_DEMAND", "MANUAL_ON_DEMAND"] as const;
const tableInvokeType = (t: InvokeType | undefined): InvokeType =>
  t === "MANUAL" || t === "MANUAL_ON_DEMAND" ? "MANUAL_ON_DEMAND" : "ON_DEMAND";

/** System columns a builder may hold to the caller (the rest — id, created, modified — are not per caller). */
export const conditionFields = ["uid", "user_name", "nick_name", "agent_id", "agent_name"] as const;

/** How a custom field is filled: by the model, with a fixed value, or from a variable. */
export type FillMode = "model" | "Input" | "Reference";

export interface BindingFieldRow {
  name: string;
  description: string;
  fieldType: number;
  enable: boolean;
  fill: FillMode;
  /** The fixed value (Input) or the variable's name (Reference). */
  value: string;
}

export interface BindingDraft {
  invokeType: InvokeType;
  fields: BindingFieldRow[];
  /** System field → the system variable it must equal ("" for none). */
  conditions: Record<string, string>;
}

/** A table field's type as an arg's data type (dates travel as text). */
export function argTypeOf(fieldType: number): Arg["dataType"] {
  if (fieldType === 2) return "Integer";
  if (fieldType === 3) return "Number";
  if (fieldType === 4) return "Boolean";
  return "String";
}

type FieldLike = Pick<
  TableFieldInfo,
  "fieldName" | "fieldDescription" | "fieldType" | "systemFieldFlag" | "enabledFlag"
>;

/** The stored bindConfig (possibly from before the table changed) as the form, one row per enabled custom field. */
export function bindingDraftOf(bindConfig: unknown, fields: readonly FieldLike[]): BindingDraft {
  const parsed = tableBindSchema.safeParse(bindConfig ?? {});
  const bind = parsed.success ? parsed.data : tableBindSchema.parse({});
  const argOf = (name: string) => bind.inputArgBindConfigs.find((a) => a.name === name);
  const rows = fields
    .filter((f) => !f.systemFieldFlag && f.enabledFlag)
    .map((f): BindingFieldRow => {
      const arg = argOf(f.fieldName);
      const bound = arg?.bindValue !== undefined && arg.bindValue !== null && arg.bindValue !== "";
      const fill: FillMode = bound ? (arg?.bindValueType === "Reference" ? "Reference" : "Input") : "model";
      return {
        name: f.fieldName,
        description: f.fieldDescription,
        fieldType: f.fieldType,
        enable: arg?.enable ?? true,
        fill,
        value: bound ? String(arg?.bindValue) : "",
      };
    });
  const conditions: Record<string, string> = {};
  for (const name of conditionFields) {
    const arg = argOf(name);
    conditions[name] = arg?.bindValueType === "Reference" && typeof arg.bindValue === "string" ? arg.bindValue : "";
  }
  return { invokeType: tableInvokeType(bind.invokeType), fields: rows, conditions };
}

const posted = z.object({
  invokeType: z.enum(invokeTypes).optional(),
  fields: z
    .array(
      z
        .object({
          name: z.string().optional(),
          enable: z.boolean().optional(),
          fill: z.enum(["model", "Input", "Reference"]).optional(),
          value: z.string().optional(),
        })
        .optional(),
    )
    .default([]),
  conditions: z.record(z.string(), z.string().optional()).default({}),
});

/** The posted form over the table's current fields (a posted name the table no longer has is dropped). */
export function readBindingForm(formData: FormData, fields: readonly FieldLike[]): BindingDraft {
  const data: Record<string, unknown> = {
    invokeType: formData.get("invokeType") ?? undefined,
    fields: [] as unknown[],
    conditions: {},
  };
  // Read by hand rather than with conform's parser: field names are the builder's, not ours to nest.
  const rows: Record<string, unknown>[] = [];
  for (const [key, value] of formData) {
    const match = /^fields\[(\d{1,3})\]\.(name|enable|fill|value)$/.exec(key);
    if (match && typeof value === "string") {
      const i = Number(match[1]);
      rows[i] ??= {};
      (rows[i] as Record<string, unknown>)[match[2] as string] = match[2] === "enable" ? value === "on" : value;
    }
    const condition = /^conditions\.(\w+)$/.exec(key);
    if (condition?.[1] && typeof value === "string") (data.conditions as Record<string, string>)[condition[1]] = value;
  }
  data.fields = rows;
  const parsed = posted.safeParse(data);
  const value = parsed.success ? parsed.data : posted.parse({});
  const base = bindingDraftOf({}, fields);
  const byName = new Map(value.fields.map((r) => [r?.name ?? "", r]));
  return {
    invokeType: tableInvokeType(value.invokeType),
    fields: base.fields.map((row) => {
      const r = byName.get(row.name);
      return { ...row, enable: r?.enable ?? false, fill: r?.fill ?? "model", value: r?.value?.trim() ?? "" };
    }),
    conditions: Object.fromEntries(conditionFields.map((name) => [name, value.conditions[name]?.trim() ?? ""])),
  };
}

/** A fixed value typed as text, as the field's type (unreadable text is kept for the server to refuse). */
function fixedValue(text: string, fieldType: number): unknown {
  if (fieldType === 2 || fieldType === 3) {
    const n = Number(text);
    return text !== "" && Number.isFinite(n) ? n : text;
  }
  if (fieldType === 4) return text === "true" ? true : text === "false" ? false : text;
  return text;
}

/**
 * The draft as the Table component's bindConfig, kept whole: what the form does not edit (output args, card
 * binding) stays as stored. A field filled with nothing is left to the model.
 */
export function bindConfigOf(draft: BindingDraft, stored: unknown): TableBind {
  const parsed = tableBindSchema.safeParse(stored ?? {});
  const base = parsed.success ? parsed.data : tableBindSchema.parse({});
  const fieldArgs: Arg[] = draft.fields.map((row) => {
    const arg: Arg = {
      key: row.name,
      name: row.name,
      description: row.description,
      dataType: argTypeOf(row.fieldType),
      require: false,
      enable: row.enable,
    };
    if (row.fill !== "model" && row.value !== "") {
      arg.bindValueType = row.fill;
      arg.bindValue = row.fill === "Input" ? fixedValue(row.value, row.fieldType) : row.value;
    }
    return arg;
  });
  const conditionArgs: Arg[] = conditionFields
    .filter((name) => draft.conditions[name])
    .map((name) => ({
      key: name,
      name,
      dataType: name === "agent_id" ? "Integer" : "String",
      enable: false,
      systemVariable: true,
      bindValueType: "Reference",
      bindValue: draft.conditions[name],
    }));
  return { ...base, invokeType: draft.invokeType, inputArgBindConfigs: [...fieldArgs, ...conditionArgs] };
}
