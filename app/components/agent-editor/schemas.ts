import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { idField, requiredText } from "../../lib/forms";
import {
  type ModelMode,
  modelModeLabels,
  type VariableInputType,
  variableDataTypeLabels,
  variableInputTypeLabels,
} from "../../lib/labels";

/**
 * The agent editor's forms, one per `intent`, shared by the browser (conform) and the route action. Limits
 * repeat server/modules/agent/contract.ts so the browser bundle stays server-free; the server checks again.
 */
const keysOf = <K extends string>(labels: Record<K, string>) => Object.keys(labels) as [K, ...K[]];
const modelModes = keysOf<ModelMode>(modelModeLabels);
const inputTypes = keysOf<VariableInputType>(variableInputTypeLabels);
const dataTypes = keysOf(variableDataTypeLabels);

/** Temperature / top_p of each preset (reference §1.5 Model); Customization keeps what the user typed. */
export const modelPresets: Record<Exclude<ModelMode, "Customization">, { temperature: number; topP: number }> = {
  Precision: { temperature: 0.1, topP: 0.7 },
  Balanced: { temperature: 1, topP: 0.7 },
  Creative: { temperature: 1, topP: 0.8 },
};

const optionalText = (max: number) => z.string().trim().max(max, `最多 ${max} 个字符`).optional();
const flag = z.boolean().default(false);

export const editorSchemas = {
  info: z.object({
    intent: z.literal("info"),
    name: requiredText("请输入智能体名称").min(1, "请输入智能体名称").max(64, "最多 64 个字符"),
    description: optionalText(500),
    icon: z.url("请输入以 http:// 或 https:// 开头的图片链接").max(1000, "最多 1000 个字符").optional(),
  }),
  prompt: z.object({
    intent: z.literal("prompt"),
    systemPrompt: z.string().max(20_000, "最多 20000 个字符").optional(),
  }),
  model: z.object({
    intent: z.literal("model"),
    modelId: idField(),
    mode: z.enum(modelModes, { error: "请选择模式" }),
    temperature: z.number({ error: "请输入 0 到 2 之间的数" }).min(0, "不能小于 0").max(2, "不能大于 2"),
    topP: z.number({ error: "请输入 0 到 1 之间的数" }).min(0, "不能小于 0").max(1, "不能大于 1"),
    maxTokens: z.number({ error: "请输入整数" }).int("请输入整数").min(1, "至少为 1").max(1_000_000, "太大了"),
    contextRounds: z.number({ error: "请输入整数" }).int("请输入整数").min(0, "不能小于 0").max(100, "不能大于 100"),
  }),
  memory: z.object({ intent: z.literal("memory"), on: flag }),
  filebox: z.object({ intent: z.literal("filebox"), on: flag }),
  schedule: z.object({ intent: z.literal("schedule"), on: flag }),
  suggest: z.object({ intent: z.literal("suggest"), on: flag, suggestPrompt: optionalText(5000) }),
  opening: z.object({
    intent: z.literal("opening"),
    openingChatMsg: z.string().max(5000, "最多 5000 个字符").optional(),
    questions: z
      .array(z.string().trim().max(200, "最多 200 个字符").optional())
      .max(10, "最多 10 个开场问题")
      .default([]),
  }),
  shortcuts: z.object({
    intent: z.literal("shortcuts"),
    shortcuts: z
      .array(
        z
          .object({ name: optionalText(32), content: optionalText(2000) })
          .refine((s) => Boolean(s.name) === Boolean(s.content), { message: "名称和内容都要填写", path: ["content"] }),
      )
      .max(20, "最多 20 个快捷指令")
      .default([]),
  }),
  "variable-save": z.object({
    intent: z.literal("variable-save"),
    /** The key of the variable being edited; absent when adding. */
    key: z.string().optional(),
    name: requiredText("请输入变量名").regex(
      /^[A-Za-z_][A-Za-z0-9_]{0,63}$/,
      "只能包含字母、数字和下划线，且不能以数字开头",
    ),
    displayName: optionalText(64),
    description: optionalText(500),
    dataType: z.enum(dataTypes, { error: "请选择类型" }).default("String"),
    inputType: z.enum(inputTypes, { error: "请选择输入方式" }).default("Text"),
    require: flag,
    defaultValue: optionalText(2000),
    /** One option per line, for 单选 / 多选. */
    options: optionalText(5000),
  }),
  "variable-delete": z.object({ intent: z.literal("variable-delete"), key: requiredText("参数错误") }),
  "component-add": z.object({
    intent: z.literal("component-add"),
    type: z.enum(["Plugin", "Workflow", "Knowledge", "Table"], { error: "参数错误" }),
    targetId: idField(),
  }),
  "trigger-add": z.object({
    intent: z.literal("trigger-add"),
    name: requiredText("请输入触发器名称").min(1, "请输入触发器名称").max(64, "最多 64 个字符"),
    triggerType: z.enum(["TIME", "EVENT"], { error: "请选择触发方式" }),
    cronExpression: optionalText(100),
    /** "PLUGIN:12" or "WORKFLOW:7". */
    target: requiredText("请选择要执行的插件或工作流").regex(/^(PLUGIN|WORKFLOW):\d+$/, "请选择要执行的插件或工作流"),
  }),
  "component-delete": z.object({ intent: z.literal("component-delete"), componentId: idField() }),
};

export type EditorIntent = keyof typeof editorSchemas;
export const isEditorIntent = (value: unknown): value is EditorIntent =>
  typeof value === "string" && Object.hasOwn(editorSchemas, value);

/**
 * What the action returns instead of a redirect: a failed (or conform list-intent) reply, or an autosave
 * that went through (`saved`, with a reply that clears earlier errors). `key` names the variable form.
 */
export interface EditorReply {
  intent: EditorIntent;
  key?: string;
  result: SubmissionResult<string[]>;
  saved?: true;
}
