import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { idField, required, requiredNumber, requiredText } from "#app/lib/forms";
import type { ModelMode } from "#app/lib/labels";
import {
  addAgentInput,
  guidQuestionSchema,
  MAX_GUID_QUESTIONS,
  MAX_SHORTCUTS,
  modelBindSchema,
  shortcutSchema,
  triggerBindSchema,
  updateAgentInput,
  variableDefaultText,
  variableSchema,
} from "#contract/api/agent";
import { componentTypeSchema } from "#contract/components";
import { modelModes } from "#contract/enums";

/**
 * The agent editor's forms, one per `intent`, shared by the browser (conform) and the route action. Every rule
 * is the contract's (contract/api/agent.ts, contract/components.ts); the forms add their intents, on/off
 * switches, blank list rows and their own words for a field left empty.
 */

/** Temperature / top_p of each preset (reference §1.5 Model); Customization keeps what the user typed. */
export const modelPresets: Record<Exclude<ModelMode, "Customization">, { temperature: number; topP: number }> = {
  Precision: { temperature: 0.1, topP: 0.7 },
  Balanced: { temperature: 1, topP: 0.7 },
  Creative: { temperature: 1, topP: 0.8 },
};

const flag = z.boolean().default(false);
const agent = updateAgentInput.shape;
const model = modelBindSchema.shape;
const variable = variableSchema.shape;
const trigger = triggerBindSchema.shape;

export const editorSchemas = {
  info: z.object({
    intent: z.literal("info"),
    name: required("请输入智能体名称", addAgentInput.shape.name),
    description: agent.description,
    icon: agent.icon,
  }),
  prompt: z.object({ intent: z.literal("prompt"), systemPrompt: agent.systemPrompt }),
  model: z.object({
    intent: z.literal("model"),
    modelId: idField(),
    mode: z.enum(modelModes, { error: "请选择模式" }),
    temperature: requiredNumber("请输入数字", model.temperature.unwrap()),
    topP: requiredNumber("请输入数字", model.topP.unwrap()),
    maxTokens: requiredNumber("请输入整数", model.maxTokens.unwrap()),
    contextRounds: requiredNumber("请输入整数", model.contextRounds.unwrap()),
  }),
  memory: z.object({ intent: z.literal("memory"), on: flag }),
  filebox: z.object({ intent: z.literal("filebox"), on: flag }),
  schedule: z.object({ intent: z.literal("schedule"), on: flag }),
  suggest: z.object({ intent: z.literal("suggest"), on: flag, suggestPrompt: agent.suggestPrompt }),
  opening: z.object({
    intent: z.literal("opening"),
    openingChatMsg: agent.openingChatMsg,
    /** One row per question; a blank row is dropped on save. */
    questions: z
      .array(guidQuestionSchema.shape.info.optional())
      .max(MAX_GUID_QUESTIONS, `最多 ${MAX_GUID_QUESTIONS} 个开场问题`)
      .default([]),
  }),
  shortcuts: z.object({
    intent: z.literal("shortcuts"),
    shortcuts: z
      .array(
        z
          .object({ name: shortcutSchema.shape.name.optional(), content: shortcutSchema.shape.content.optional() })
          .refine((s) => Boolean(s.name) === Boolean(s.content), { message: "名称和内容都要填写", path: ["content"] }),
      )
      .max(MAX_SHORTCUTS, `最多 ${MAX_SHORTCUTS} 个快捷指令`)
      .default([]),
  }),
  "variable-save": z.object({
    intent: z.literal("variable-save"),
    /** The key of the variable being edited; absent when adding. */
    key: z.string().optional(),
    name: required("请输入变量名", variable.name),
    displayName: variable.displayName.unwrap().optional(),
    description: variable.description.unwrap().optional(),
    dataType: variable.dataType,
    inputType: variable.inputType,
    require: flag,
    defaultValue: variableDefaultText.optional(),
    /** One option per line, for 单选 / 多选; the contract checks each option. */
    options: z.string().optional(),
  }),
  "variable-delete": z.object({ intent: z.literal("variable-delete"), key: required("参数错误", z.string()) }),
  "component-add": z.object({
    intent: z.literal("component-add"),
    type: componentTypeSchema,
    targetId: idField(),
  }),
  "trigger-add": z.object({
    intent: z.literal("trigger-add"),
    name: required("请输入触发器名称", trigger.name),
    triggerType: required("请选择触发方式", trigger.triggerType),
    cronExpression: trigger.cronExpression,
    /** "PLUGIN:12" or "WORKFLOW:7": the form's one select for the contract's componentType and componentId. */
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
