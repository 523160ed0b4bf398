import { systemVariables } from "#contract/system-variables";
import { badField } from "#server/core";
import type { Variable } from "./contract";

/** Always present at run time, filled by the runtime; listed read-only beside the agent's own variables. */
export { systemVariables };

const systemNames = new Set(systemVariables.map((v) => v.name));

function matchesType(dataType: string, value: unknown): boolean {
  if (dataType.startsWith("Array_")) {
    if (!Array.isArray(value)) return false;
    const item = dataType.slice("Array_".length);
    return value.every((v) => matchesType(item, v));
  }
  switch (dataType) {
    case "String":
      return typeof value === "string";
    case "Integer":
      return Number.isInteger(typeof value === "string" && value.trim() !== "" ? Number(value) : value);
    case "Number":
      return Number.isFinite(typeof value === "string" && value.trim() !== "" ? Number(value) : value);
    case "Boolean":
      return typeof value === "boolean" || value === "true" || value === "false";
    case "Object":
      return typeof value === "object" && value !== null && !Array.isArray(value);
    default:
      // File kinds are URLs or file keys.
      return typeof value === "string";
  }
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0);

/**
 * Names unique and not reserved, defaults of the declared type, select defaults among the options.
 * `path` is where the list sits in the request, so messages name the field the client sent.
 */
export function validateVariables(variables: Variable[], path = "bindConfig.variables") {
  const seen = new Set<string>();
  variables.forEach((v, i) => {
    const at = `${path}.${i}`;
    if (systemNames.has(v.name)) throw badField(`${at}.name`, `${v.name} 是系统变量名，不能使用`);
    if (seen.has(v.name)) throw badField(`${at}.name`, `变量名 ${v.name} 重复`);
    seen.add(v.name);
    const options = v.selectConfig?.options ?? [];
    if ((v.inputType === "Select" || v.inputType === "MultipleSelect") && options.length === 0) {
      throw badField(`${at}.selectConfig.options`, "选择类变量至少需要一个选项");
    }
    if (isEmpty(v.bindValue)) return;
    if (v.inputType === "Select") {
      if (!options.some((o) => o.value === v.bindValue)) throw badField(`${at}.bindValue`, "默认值必须是选项之一");
      return;
    }
    if (v.inputType === "MultipleSelect") {
      const values = Array.isArray(v.bindValue) ? v.bindValue : [v.bindValue];
      if (!values.every((x) => options.some((o) => o.value === x))) {
        throw badField(`${at}.bindValue`, "默认值必须是选项之一");
      }
      return;
    }
    const expected = v.inputType === "Number" && v.dataType === "String" ? "Number" : v.dataType;
    if (!matchesType(expected, v.bindValue)) throw badField(`${at}.bindValue`, `默认值与类型 ${v.dataType} 不符`);
  });
  // Stable keys let the editor reorder and rename without losing identity.
  return variables.map((v) => ({ ...v, key: v.key || v.name }));
}
