import type { z } from "zod";
import type { Arg, DataType } from "#contract/args";
import { toolBindSchema } from "#contract/components";
import type { invokeTypes } from "#contract/enums";

/**
 * The agent editor's settings of a bound plugin or workflow, as a form. The contract's tool bindConfig carries the
 * invocation mode, one arg per input argument of the tool (`inputArgBindConfigs`: whether the model sees it, and
 * what fills it otherwise — a fixed value or an agent variable), whether a workflow's result goes straight to the
 * user, and async execution with its reply; the component itself carries what happens when the tool fails. These
 * helpers turn a stored component into the form, the posted form back into an update, and say what is wrong.
 */

export type ToolKind = "Plugin" | "Workflow";
export type ToolBind = z.output<typeof toolBindSchema>;
export type ToolInvokeType = (typeof invokeTypes)[number];

export const toolInvokeTypeLabels: Record<ToolInvokeType, string> = {
  AUTO: "自动调用",
  ON_DEMAND: "按需调用",
  MANUAL: "手动选择",
  MANUAL_ON_DEMAND: "手动选择 + 按需调用",
};

/** How an input argument is filled when the model does not give it: not at all, a fixed value, a variable. */
export type ArgFill = "model" | "Input" | "Reference";

export const argFillLabels: Record<ArgFill, string> = { model: "由模型填写", Input: "固定值", Reference: "变量" };

export interface ToolArgRow {
  name: string;
  description: string;
  dataType: DataType;
  require: boolean;
  /** Shown to the model. */
  enable: boolean;
  fill: ArgFill;
  /** The fixed value as text (Input) or the variable's name (Reference). */
  value: string;
}

export interface ToolBindingDraft {
  invokeType: ToolInvokeType;
  args: ToolArgRow[];
  directOutput: boolean;
  async: boolean;
  asyncReplyContent: string;
  exceptionOut: boolean;
  fallbackMsg: string;
}

/** What the editor knows of a bound tool component. */
export interface ToolComponentLike {
  bindConfig: unknown;
  exceptionOut: number;
  fallbackMsg: string;
}

const defaults = toolBindSchema.parse({});
const storedBind = (bindConfig: unknown): ToolBind => {
  const parsed = toolBindSchema.safeParse(bindConfig ?? {});
  return parsed.success ? parsed.data : defaults;
};

/** Only flat values can be typed into one box; objects, arrays and files are left to the model or a variable. */
export const fixableTypes: readonly DataType[] = ["String", "Integer", "Number", "Boolean"];

const hasValue = (v: unknown) => v !== undefined && v !== null && v !== "";
const asText = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));

/**
 * The stored component as the form: one row per argument the tool declares now (a setting for an argument the
 * tool no longer has is dropped, a new argument starts shown to the model).
 */
export function toolDraftOf(component: ToolComponentLike, declared: readonly Arg[]): ToolBindingDraft {
  const bind = storedBind(component.bindConfig);
  // The original client stored a workflow's inputs as argBindConfigs; read them when inputArgBindConfigs is empty.
  const settings = bind.inputArgBindConfigs.length ? bind.inputArgBindConfigs : (bind.argBindConfigs ?? []);
  const byName = new Map(settings.map((a) => [a.name, a]));
  return {
    invokeType: bind.invokeType,
    args: declared.map((arg): ToolArgRow => {
      const set = byName.get(arg.name);
      const bound = hasValue(set?.bindValue);
      return {
        name: arg.name,
        description: arg.description ?? "",
        dataType: arg.dataType,
        require: arg.require === true,
        enable: set?.enable ?? arg.enable ?? true,
        fill: bound ? (set?.bindValueType === "Reference" ? "Reference" : "Input") : "model",
        value: bound ? asText(set?.bindValue) : "",
      };
    }),
    directOutput: bind.directOutput === 1,
    async: bind.async === 1,
    asyncReplyContent: bind.asyncReplyContent,
    exceptionOut: component.exceptionOut === 1,
    fallbackMsg: component.fallbackMsg,
  };
}

const text = (formData: FormData, name: string) => {
  const v = formData.get(name);
  return typeof v === "string" ? v : "";
};
const isInvokeType = (v: string): v is ToolInvokeType => v in toolInvokeTypeLabels;
const isFill = (v: string): v is ArgFill => v in argFillLabels;

/**
 * The posted form over the tool's current arguments. Rows are posted as `args[i].name|enable|fill|value`;
 * a checkbox left unticked posts nothing, so a row without `enable` is hidden from the model.
 */
export function readToolForm(formData: FormData, declared: readonly Arg[], kind: ToolKind): ToolBindingDraft {
  const rows = new Map<string, Record<string, string>>();
  const byIndex: Record<string, Record<string, string>> = {};
  for (const [key, value] of formData) {
    const match = /^args\[(\d{1,3})\]\.(name|enable|fill|value)$/.exec(key);
    if (!match || typeof value !== "string") continue;
    const index = match[1] as string;
    byIndex[index] = { ...byIndex[index], [match[2] as string]: value };
  }
  for (const row of Object.values(byIndex)) if (row.name) rows.set(row.name, row);
  const invokeType = text(formData, "invokeType");
  const base = toolDraftOf({ bindConfig: {}, exceptionOut: 0, fallbackMsg: "" }, declared);
  return {
    invokeType: isInvokeType(invokeType) ? invokeType : "ON_DEMAND",
    args: base.args.map((row) => {
      const posted = rows.get(row.name);
      const fill = posted?.fill ?? "model";
      return {
        ...row,
        enable: posted?.enable === "on",
        fill: isFill(fill) ? fill : "model",
        value: posted?.value?.trim() ?? "",
      };
    }),
    directOutput: kind === "Workflow" && formData.get("directOutput") === "on",
    async: formData.get("async") === "on",
    asyncReplyContent: text(formData, "asyncReplyContent").trim(),
    exceptionOut: formData.get("exceptionOut") === "on",
    fallbackMsg: text(formData, "fallbackMsg").trim(),
  };
}

/** A fixed value typed as text, as the argument's type; undefined when the text is not one. */
function fixedValue(value: string, dataType: DataType): unknown {
  if (dataType === "Integer" || dataType === "Number") {
    const n = Number(value);
    if (!Number.isFinite(n) || (dataType === "Integer" && !Number.isInteger(n))) return undefined;
    return n;
  }
  if (dataType === "Boolean") return value === "true" ? true : value === "false" ? false : undefined;
  return value;
}

/** Field name → the message to show beside it; empty when the draft can be saved. */
export function toolDraftErrors(draft: ToolBindingDraft, variables: readonly string[]): Record<string, string> {
  const errors: Record<string, string> = {};
  draft.args.forEach((row, i) => {
    const field = `args[${i}].value`;
    if (row.fill === "Input") {
      if (!row.value) errors[field] = `请填写「${row.name}」的固定值`;
      else if (!fixableTypes.includes(row.dataType)) errors[field] = `「${row.name}」是 ${row.dataType}，不能填固定值`;
      else if (fixedValue(row.value, row.dataType) === undefined)
        errors[field] =
          row.dataType === "Boolean"
            ? `「${row.name}」只能是 true 或 false`
            : `「${row.name}」需要${row.dataType === "Integer" ? "整数" : "数字"}`;
    } else if (row.fill === "Reference") {
      if (!row.value) errors[field] = `请选择「${row.name}」取值的变量`;
      else if (!variables.includes(row.value)) errors[field] = `智能体没有变量「${row.value}」`;
    } else if (!row.enable && row.require) {
      errors[field] = `「${row.name}」是必填参数，对模型隐藏时请给出固定值或变量`;
    }
  });
  if (draft.async && !draft.asyncReplyContent) errors.asyncReplyContent = "请输入异步执行时的回复";
  else if (draft.asyncReplyContent.length > 500) errors.asyncReplyContent = "最多 500 个字符";
  if (draft.fallbackMsg.length > 1000) errors.fallbackMsg = "最多 1000 个字符";
  return errors;
}

/**
 * The draft as the component update's body (without its id): the bindConfig kept whole — what the form does not
 * edit (output args, card binding, default selection) stays as stored — and the component's failure settings.
 */
export function toolUpdateOf(draft: ToolBindingDraft, stored: unknown, kind: ToolKind) {
  const base = storedBind(stored);
  const inputArgBindConfigs: Arg[] = draft.args.map((row) => {
    const arg: Arg = {
      key: row.name,
      name: row.name,
      description: row.description,
      dataType: row.dataType,
      require: row.require,
      enable: row.enable,
    };
    if (row.fill !== "model" && row.value !== "") {
      arg.bindValueType = row.fill;
      arg.bindValue = row.fill === "Input" ? (fixedValue(row.value, row.dataType) ?? row.value) : row.value;
    }
    return arg;
  });
  const bindConfig: ToolBind = {
    ...base,
    invokeType: draft.invokeType,
    inputArgBindConfigs,
    directOutput: kind === "Workflow" && draft.directOutput ? 1 : 0,
    async: draft.async ? 1 : 0,
    asyncReplyContent: draft.asyncReplyContent || defaults.asyncReplyContent,
  };
  // The original client's workflow copy of the inputs would otherwise shadow the new settings on reload.
  delete bindConfig.argBindConfigs;
  const exceptionOut: 0 | 1 = draft.exceptionOut ? 1 : 0;
  return { bindConfig, exceptionOut, fallbackMsg: draft.fallbackMsg };
}

/** One line beside a bound tool in the editor: its invocation mode and how many arguments are fixed. */
export function toolSummaryOf(bindConfig: unknown) {
  const bind = storedBind(bindConfig);
  const fixed = bind.inputArgBindConfigs.filter((a) => hasValue(a.bindValue)).length;
  const parts = [toolInvokeTypeLabels[bind.invokeType]];
  if (fixed) parts.push(`${fixed} 个参数已绑定`);
  if (bind.async === 1) parts.push("异步");
  if (bind.directOutput === 1) parts.push("直接输出");
  return parts.join(" · ");
}
