import type { Arg } from "#contract/args";
import type { triggerArgBindSchema } from "#contract/components";
import type { z } from "#contract/zod";

type ArgBind = z.infer<typeof triggerArgBindSchema>;

/** Whether a JSON value has an argument's declared type (File types travel as URLs). */
function hasType(value: unknown, dataType: string) {
  if (dataType.startsWith("Array_")) return Array.isArray(value);
  switch (dataType) {
    case "Integer":
      return Number.isInteger(value);
    case "Number":
      return typeof value === "number" && Number.isFinite(value);
    case "Boolean":
      return typeof value === "boolean";
    case "Object":
      return typeof value === "object" && value !== null && !Array.isArray(value);
    default:
      return typeof value === "string";
  }
}

const TYPE_NAMES: Record<string, string> = {
  Integer: "整数",
  Number: "数字",
  Boolean: "布尔值",
  Object: "JSON 对象",
};
const typeName = (dataType: string) => (dataType.startsWith("Array_") ? "数组" : (TYPE_NAMES[dataType] ?? "字符串"));

/**
 * A webhook's flat JSON object checked against the trigger's `eventArgs`: the declared arguments only (others are
 * dropped), each of its type; a missing required one is a problem. Returns the values or the first problem as
 * [field, Chinese message].
 */
export function checkEventArgs(
  declared: Arg[],
  body: Record<string, unknown>,
): { values: Record<string, unknown> } | { problem: [string, string] } {
  const values: Record<string, unknown> = {};
  for (const arg of declared) {
    const value = body[arg.name];
    if (value === undefined || value === null || value === "") {
      if (arg.require) return { problem: [arg.name, "不能为空"] };
      continue;
    }
    if (!hasType(value, arg.dataType)) return { problem: [arg.name, `必须是${typeName(arg.dataType)}`] };
    values[arg.name] = value;
  }
  return { values };
}

/** The target's inputs: each binding's literal (`Input`), or the webhook argument it names (`Reference`). */
export function boundInput(bindings: ArgBind[], eventValues: Record<string, unknown>) {
  const input: Record<string, unknown> = {};
  for (const bind of bindings) {
    const value =
      bind.bindValueType === "Reference" && typeof bind.bindValue === "string"
        ? eventValues[bind.bindValue]
        : bind.bindValue;
    if (value !== undefined && value !== null && value !== "") input[bind.name] = value;
  }
  return input;
}
