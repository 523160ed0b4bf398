import type { JSONSchema7 } from "@ai-sdk/provider";
import type { Arg } from "#contract/args";
import { itemArg } from "../plugin/args";

/**
 * A plugin's input args as the agent's component binds them: the plugin's own list, each overlaid with the
 * component's setting of the same name (shown to the model or not, fixed or default value, variable reference).
 * Args the plugin no longer declares are dropped; new ones keep the plugin's own settings.
 */
export function boundArgs(declared: Arg[], bindings: Arg[]): Arg[] {
  const byName = new Map(bindings.map((b) => [b.name, b]));
  return declared.map((arg) => {
    const bind = byName.get(arg.name);
    if (!bind) return arg;
    const has = (v: unknown) => v !== undefined && v !== null && v !== "";
    return {
      ...arg,
      enable: bind.enable ?? arg.enable,
      require: bind.require ?? arg.require,
      ...(has(bind.bindValue) ? { bindValue: bind.bindValue, bindValueType: bind.bindValueType ?? "Input" } : {}),
      subArgs: arg.subArgs && bind.subArgs ? boundArgs(arg.subArgs, bind.subArgs) : arg.subArgs,
    };
  });
}

export const hasBinding = (arg: Arg) => arg.bindValue !== undefined && arg.bindValue !== null && arg.bindValue !== "";
/** What the model sees: enabled args only; system variables are filled by the runtime. */
export const shownToModel = (arg: Arg) => arg.enable !== false && !arg.systemVariable;

function schemaOf(arg: Arg): JSONSchema7 {
  const description = [arg.displayName, arg.description].filter(Boolean).join("：") || undefined;
  const type = arg.dataType;
  if (type.startsWith("Array_")) {
    const item = itemArg(arg);
    return { type: "array", ...(description ? { description } : {}), items: item ? schemaOf(item) : {} };
  }
  if (type === "Object") {
    const children = (arg.subArgs ?? []).filter(shownToModel);
    if (!children.length) return { type: "object", ...(description ? { description } : {}) };
    return { ...objectSchema(children), ...(description ? { description } : {}) };
  }
  if (type.startsWith("File")) {
    return { type: "string", description: `${description ?? arg.name}（文件的 URL，类型 ${type}）` };
  }
  const json =
    type === "Integer" ? "integer" : type === "Number" ? "number" : type === "Boolean" ? "boolean" : "string";
  return { type: json, ...(description ? { description } : {}) };
}

function objectSchema(args: Arg[]): JSONSchema7 {
  const properties: Record<string, JSONSchema7> = {};
  const required: string[] = [];
  for (const arg of args) {
    properties[arg.name] = schemaOf(arg);
    // A required arg with a bound value is filled by the binding when the model leaves it out.
    if (arg.require && !hasBinding(arg)) required.push(arg.name);
  }
  return { type: "object", properties, ...(required.length ? { required } : {}) };
}

/** The tool's JSON schema: the enabled input args, nested objects and arrays included. */
export function inputSchemaOf(args: Arg[]): JSONSchema7 {
  return objectSchema(args.filter(shownToModel));
}

/**
 * The call's values: what the model gave for args it may see, else the binding (a literal, or the agent variable
 * a Reference names). Hidden args always take the binding, whatever the model sent.
 */
export function callValues(args: Arg[], given: Record<string, unknown>, variables: Record<string, unknown>) {
  const values: Record<string, unknown> = {};
  for (const arg of args) {
    const fromModel = shownToModel(arg) ? given[arg.name] : undefined;
    if (fromModel !== undefined && fromModel !== null && fromModel !== "") values[arg.name] = fromModel;
    else if (arg.systemVariable && variables[arg.name] !== undefined) values[arg.name] = variables[arg.name];
    else if (arg.bindValueType === "Reference" && typeof arg.bindValue === "string")
      values[arg.name] = variables[arg.bindValue];
  }
  return values;
}

/** A function name the model protocol accepts: the plugin's own when it is one, else `plugin<id>`. */
export function toolNameOf(name: string, targetId: number) {
  const candidate = name.trim().toLowerCase().replace(/\s+/g, "_");
  return /^[a-z0-9_]{1,64}$/.test(candidate) ? candidate : `plugin${targetId}`;
}
