import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { addAgentInput, guidQuestionSchema, shortcutSchema, updateAgentInput } from "#contract/api/agent";
import { passwordLoginInput, sendCodeInput } from "#contract/api/auth";
import { saveModelInput } from "#contract/api/model";
import { sendMessageInput } from "#contract/api/notify";
import { agentApplyInput } from "#contract/api/publish";
import { userAddInput } from "#contract/api/system";
import { modelBindSchema, variableSchema } from "#contract/components";
import { editorSchemas } from "../components/agent-editor/schemas";
import { modelFormSchemas, saveBody } from "../components/model/model-schema";
import { publishSchemas } from "../components/publish/schemas";
import { userSchemas } from "../components/system/user-schemas";
import { emailField, loginPasswordField, passwordField, phoneField } from "./forms";

/**
 * The web's forms and the API check the same rules: each boundary value is accepted by both or refused by both,
 * with the same message. Only a field left empty reads differently — the form asks for it by name.
 */
const firstMessage = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

function agree(form: z.ZodType, contract: z.ZodType, values: unknown[], sameMessages = true) {
  const outcomes = values.map((value) => {
    const web = form.safeParse(value);
    const api = contract.safeParse(value);
    expect(web.success, `form and contract disagree on ${JSON.stringify(value)}`).toBe(api.success);
    if (sameMessages && !api.success) expect(firstMessage(form, value)).toBe(firstMessage(contract, value));
    return api.success;
  });
  // Each set holds a value on both sides of a boundary, so a rule dropped from either side shows.
  expect(outcomes, "boundary values should include an accepted and a refused one").toContain(true);
  expect(outcomes).toContain(false);
}

const text = (n: number) => "字".repeat(n);

describe("agent editor forms take the contract's rules", () => {
  it("name, description, icon and prompt", () => {
    const { info, prompt } = editorSchemas;
    agree(info.shape.name, addAgentInput.shape.name, ["a", text(64), text(65)]);
    agree(info.shape.description, updateAgentInput.shape.description, ["", text(500), text(501)]);
    agree(info.shape.icon, updateAgentInput.shape.icon, ["https://x.example/a.png", "/api/file/1", "javascript:x"]);
    agree(prompt.shape.systemPrompt, updateAgentInput.shape.systemPrompt, [text(20_000), text(20_001)]);
    expect(firstMessage(info.shape.name, undefined)).toBe("请输入智能体名称");
    expect(firstMessage(info.shape.name, "  ")).toBe("请输入智能体名称");
  });

  it("model settings", () => {
    const { shape } = editorSchemas.model;
    const rules = modelBindSchema.shape;
    agree(shape.temperature, rules.temperature, [-0.01, 0, 2, 2.01]);
    agree(shape.topP, rules.topP, [-0.1, 0, 1, 1.01]);
    agree(shape.maxTokens, rules.maxTokens, [0, 1, 1_000_000, 1_000_001, 1.5]);
    agree(shape.contextRounds, rules.contextRounds, [-1, 0, 100, 101]);
    expect(firstMessage(shape.maxTokens, undefined)).toBe("请输入整数");
  });

  it("opening questions, shortcuts and variables", () => {
    agree(editorSchemas.opening.shape.questions.unwrap().element, guidQuestionSchema.shape.info.optional(), [
      text(200),
      text(201),
    ]);
    const row = editorSchemas.shortcuts.shape.shortcuts.unwrap().element;
    const contractRow = shortcutSchema;
    agree(row, contractRow, [
      { name: text(32), content: text(2000) },
      { name: text(33), content: "c" },
      { name: "n", content: text(2001) },
    ]);
    const variable = editorSchemas["variable-save"].shape;
    agree(variable.name, variableSchema.shape.name, ["_a", "a".repeat(64), "a".repeat(65), "1a", "a-b"]);
    agree(variable.dataType, variableSchema.shape.dataType, ["String", "Array_Integer", "Nope"]);
    agree(variable.defaultValue, variableSchema.shape.bindValue, [text(2000), text(2001)], false);
    expect(firstMessage(variable.name, undefined)).toBe("请输入变量名");
  });
});

describe("the model form takes the contract's rules", () => {
  const valid = {
    intent: "save",
    name: "模型",
    model: "gpt",
    type: "Chat",
    apiProtocol: "OpenAI",
    baseUrl: "https://api.example.com/v1",
    maxTokens: 4096,
    contextSize: 32768,
    functionCall: "CallSupported",
  } as const;
  /** The form's values and the body it sends are judged alike. */
  function agreeOn(changes: Record<string, unknown>) {
    const form = modelFormSchemas.save.safeParse({ ...valid, ...changes });
    const body = saveBody({ ...valid, isReasonModel: false, enabled: true, ...changes } as never);
    const contract = saveModelInput.safeParse(body);
    expect(form.success, JSON.stringify(changes)).toBe(contract.success);
    if (!contract.success) expect(form.error?.issues[0]?.message).toBe(contract.error.issues[0]?.message);
    return contract.success;
  }

  it("accepts and refuses the same values", () => {
    expect(agreeOn({})).toBe(true);
    expect(agreeOn({ name: text(65) })).toBe(false);
    expect(agreeOn({ model: text(129) })).toBe(false);
    expect(agreeOn({ baseUrl: "https://api.example.com/v1?x=" })).toBe(false);
    expect(agreeOn({ baseUrl: "ftp://api.example.com" })).toBe(false);
    expect(agreeOn({ baseUrl: undefined })).toBe(false);
    expect(agreeOn({ baseUrl: undefined, apiProtocol: "Ollama" })).toBe(true);
    expect(agreeOn({ contextSize: 255 })).toBe(false);
    expect(agreeOn({ contextSize: 256 })).toBe(true);
    expect(agreeOn({ maxTokens: 1_000_001 })).toBe(false);
  });
});

describe("user, message and publish forms take the contract's rules", () => {
  it("user fields", () => {
    const { shape } = userSchemas.add;
    agree(shape.userName, userAddInput.shape.userName, ["ab", "a", "1234", "a b", text(32), text(33)]);
    agree(shape.email, userAddInput.shape.email, ["a@b.cn", "not-an-email", ""]);
    agree(shape.phone, userAddInput.shape.phone, ["13800138000", "12345"]);
    agree(shape.password, userAddInput.shape.password, ["Abcdef#12", "short", "password", text(65)]);
    expect(firstMessage(shape.userName, undefined)).toBe("请输入用户名");
  });

  it("a message and an application", () => {
    const content = userSchemas.send.shape.content;
    agree(content, sendMessageInput.shape.content, [text(2000), text(2001)]);
    expect(firstMessage(content, undefined)).toBe("请输入消息内容");
    const apply = publishSchemas.apply.shape;
    agree(apply.category, agentApplyInput.shape.category, ["Writing", "Nope"]);
    agree(apply.remark, agentApplyInput.shape.remark, [text(500), text(501)]);
  });

  it("sign-in addresses", () => {
    agree(emailField(), sendCodeInput.shape.email.unwrap(), ["a@b.cn", "not-an-email", `${"a".repeat(95)}@b.cn`]);
    agree(phoneField(), sendCodeInput.shape.phone.unwrap(), ["13800138000", "12800138000", "1380013800"]);
    expect(firstMessage(emailField(), undefined)).toBe("请输入邮箱");
  });

  it("passwords: a new one follows the contract, a short one reads as a request", () => {
    agree(passwordField(), userAddInput.shape.password.unwrap(), ["Abcdef#12", "password", "short", text(65)], false);
    expect(firstMessage(passwordField(), "short")).toBe("请输入 8 位以上密码");
    agree(loginPasswordField(), passwordLoginInput.shape.password, ["x", " a ", text(128), text(129)]);
    expect(loginPasswordField().parse(" a ")).toBe(" a ");
  });
});
