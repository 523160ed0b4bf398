import type { agentTemplates } from "../../../server/modules/agent/templates";

export type AgentTemplateKey = keyof typeof agentTemplates;

/**
 * What the create dialog shows for each starter template. The backend has no endpoint listing them, so the
 * names and descriptions are repeated from server/modules/agent/templates.ts (the keys are checked by type).
 */
export const agentTemplateChoices: Record<AgentTemplateKey, { name: string; description: string }> = {
  "template-1": { name: "空白智能体", description: "从零开始配置" },
  "template-2": { name: "写作助手", description: "帮你起草、润色和改写各类文稿" },
  "template-3": { name: "客服助手", description: "礼貌、准确地回答客户问题" },
  "template-4": { name: "学习伙伴", description: "用通俗的方式讲解知识并出题巩固" },
};

export const agentTemplateKeys = Object.keys(agentTemplateChoices) as [AgentTemplateKey, ...AgentTemplateKey[]];
