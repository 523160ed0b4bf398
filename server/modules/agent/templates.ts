import { type AgentTemplateKey, agentTemplateCards } from "#contract/api/agent";
import type { GuidQuestion } from "#server/db/schema";
import type { Variable } from "./contract";

/** Starter templates offered in the create dialog; template-1 is a blank agent. */
export interface AgentTemplate {
  name: string;
  description: string;
  systemPrompt: string;
  openingChatMsg: string;
  guidQuestions: GuidQuestion[];
  openSuggest: "Open" | "Close";
  variables: Variable[];
}

const variable = (v: Partial<Variable> & Pick<Variable, "name" | "displayName">): Variable => ({
  description: "",
  dataType: "String",
  require: false,
  enable: true,
  systemVariable: false,
  inputType: "Text",
  ...v,
});

export const agentTemplates: Record<AgentTemplateKey, AgentTemplate> = {
  "template-1": {
    ...agentTemplateCards["template-1"],
    systemPrompt: "",
    openingChatMsg: "",
    guidQuestions: [],
    openSuggest: "Close",
    variables: [],
  },
  "template-2": {
    ...agentTemplateCards["template-2"],
    systemPrompt:
      "# 角色\n你是一位经验丰富的中文写作助手。\n\n# 任务\n根据用户的需求起草、润色或改写文稿，文风为{{tone}}。\n\n# 要求\n- 先确认写作目的与读者\n- 结构清晰，语言简洁\n- 修改时说明主要改动",
    openingChatMsg: "你好！我是写作助手，告诉我你想写什么，或者把需要润色的文字发给我。",
    guidQuestions: [
      { type: "Question", info: "帮我写一封请假邮件" },
      { type: "Question", info: "把这段话改得更正式一些" },
    ],
    openSuggest: "Open",
    variables: [
      variable({
        name: "tone",
        displayName: "文风",
        inputType: "Select",
        selectConfig: {
          dataSourceType: "MANUAL",
          options: [
            { label: "正式", value: "正式" },
            { label: "轻松", value: "轻松" },
            { label: "简洁", value: "简洁" },
          ],
        },
        bindValue: "正式",
      }),
    ],
  },
  "template-3": {
    ...agentTemplateCards["template-3"],
    systemPrompt:
      "# 角色\n你是{{company}}的在线客服。\n\n# 规则\n- 语气礼貌、耐心\n- 不确定时如实告知并建议联系人工客服\n- 不编造价格、政策或承诺",
    openingChatMsg: "您好，欢迎咨询！请问有什么可以帮您？",
    guidQuestions: [
      { type: "Question", info: "如何申请退货？" },
      { type: "Question", info: "订单多久能发货？" },
    ],
    openSuggest: "Open",
    variables: [variable({ name: "company", displayName: "公司名称", bindValue: "我们公司", require: true })],
  },
  "template-4": {
    ...agentTemplateCards["template-4"],
    systemPrompt:
      "# 角色\n你是一位耐心的学习伙伴，面向{{level}}水平的学习者。\n\n# 方法\n1. 先用通俗的比喻解释概念\n2. 再给出一个例子\n3. 最后出一道小题检验理解",
    openingChatMsg: "嗨！今天想学点什么？",
    guidQuestions: [
      { type: "Question", info: "用简单的话解释一下什么是机器学习" },
      { type: "Question", info: "给我出三道分数加法题" },
    ],
    openSuggest: "Open",
    variables: [
      variable({
        name: "level",
        displayName: "学习水平",
        inputType: "Select",
        selectConfig: {
          dataSourceType: "MANUAL",
          options: [
            { label: "入门", value: "入门" },
            { label: "进阶", value: "进阶" },
          ],
        },
        bindValue: "入门",
      }),
    ],
  },
};
