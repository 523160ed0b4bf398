import type { z } from "#contract/zod";

/**
 * The editable fields of a node kind's config schema, for the generic form: plain text, numbers, choices and
 * switches the schema declares. Fields every form handles itself (position, arguments, exception settings) and
 * shapes a generic control cannot edit well (nested objects, lists) are left to hand-made forms.
 */
export type SchemaField =
  | { key: string; kind: "text" | "number" | "boolean" }
  | { key: string; kind: "enum"; values: string[] };

const COMMON = new Set(["extension", "inputArgs", "outputArgs", "exceptionHandleConfig"]);

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  getter?: () => z.ZodType;
  entries?: Record<string, string>;
  shape?: Record<string, z.ZodType>;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { def: Def }).def;

/** The schema under optional / nullable / default / pipe / lazy wrappers. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let i = 0; i < 10; i++) {
    const def = defOf(current);
    if (def.innerType) current = def.innerType;
    else if (def.type === "pipe" && def.in) current = def.in;
    else if (def.type === "lazy" && def.getter) current = def.getter();
    else break;
  }
  return current;
}

export function schemaFields(schema: z.ZodType): SchemaField[] {
  const shape = defOf(unwrap(schema)).shape ?? {};
  const fields: SchemaField[] = [];
  for (const [key, value] of Object.entries(shape)) {
    if (COMMON.has(key)) continue;
    const def = defOf(unwrap(value));
    if (def.type === "string") fields.push({ key, kind: "text" });
    else if (def.type === "number" || def.type === "int") fields.push({ key, kind: "number" });
    else if (def.type === "boolean") fields.push({ key, kind: "boolean" });
    else if (def.type === "enum" && def.entries) fields.push({ key, kind: "enum", values: Object.values(def.entries) });
  }
  return fields;
}
