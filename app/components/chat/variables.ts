import type { ChatVariable } from "./types";

/** Form field name of an agent variable, kept apart from the chat's own fields. */
export const variableField = (name: string) => `var.${name}`;

/** The variables a person fills in before chatting (system variables are set by the platform). */
export const userVariables = (variables: ChatVariable[]) => variables.filter((v) => !v.systemVariable);

/** The submitted values as the chat API's `variableParams`; empty fields are left out so defaults apply. */
export function variableParamsFrom(form: FormData, variables: ChatVariable[]) {
  const params: Record<string, string | number | string[]> = {};
  for (const v of userVariables(variables)) {
    const field = variableField(v.name);
    if (v.inputType === "MultipleSelect") {
      const values = form.getAll(field).map(String).filter(Boolean);
      if (values.length) params[v.name] = values;
      continue;
    }
    const raw = String(form.get(field) ?? "").trim();
    if (!raw) continue;
    params[v.name] = v.inputType === "Number" && Number.isFinite(Number(raw)) ? Number(raw) : raw;
  }
  return params;
}

/** Display names of required variables left empty (with the values about to be sent). */
export function missingRequired(variables: ChatVariable[], params: Record<string, unknown>) {
  return userVariables(variables)
    .filter((v) => v.require && (params[v.name] === undefined || params[v.name] === ""))
    .map((v) => v.displayName || v.name);
}
