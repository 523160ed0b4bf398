import { describe, expect, it } from "vitest";
import { offlineMemories } from "#server/llm/builtin-memory";
import type { MemoryRow } from "#server/modules/memory/repo";
import { parseExtraction, planMerge } from "./merge";

const owner = { tenantId: 1, userId: 2, agentId: 3 };
const kept = (id: number, category: string, memoryKey: string, content: string) =>
  ({ id, ...owner, category, subCategory: "", memoryKey, content, isSensitive: false }) as MemoryRow;

describe("memory extraction", () => {
  it("reads the model's JSON inside prose or a code fence, checking every field", () => {
    const facts = parseExtraction(
      '<think>想一想</think>好的：\n```json\n{"memories":[{"id":"7","category":"auth","key":"密码","content":" 用户的密码是x "},' +
        '{"category":"nonsense","content":"用户有一只猫"},{"category":"profile","content":""},"oops"]}\n```',
    );
    expect(facts).toEqual([
      { id: 7, category: "auth", subCategory: "", key: "密码", content: "用户的密码是x", isSensitive: true },
      { category: "other", subCategory: "", key: "", content: "用户有一只猫", isSensitive: false },
    ]);
    expect(parseExtraction("没有 JSON")).toEqual([]);
    expect(parseExtraction('{"memories": "no"}')).toEqual([]);
  });

  it("updates by id or by category and key, skips known content, adds the rest once", () => {
    const existing = [kept(1, "profile", "姓名", "用户的名字是张三"), kept(2, "preference", "喜欢：茶", "用户喜欢茶")];
    const plan = planMerge(owner, existing, [
      { category: "profile", subCategory: "basic", key: "姓名", content: "用户的名字是李四", isSensitive: false },
      { category: "preference", subCategory: "likes", key: "喜欢：茶", content: "用户喜欢茶", isSensitive: false },
      { id: 2, category: "preference", subCategory: "", key: "", content: "用户喜欢红茶", isSensitive: false },
      { category: "project", subCategory: "", key: "当前项目", content: "用户在做A", isSensitive: false },
      { category: "project", subCategory: "", key: "当前项目", content: "用户在做B", isSensitive: false },
    ]);
    expect(plan.updates.map((u) => [u.id, u.patch.content])).toEqual([
      [1, "用户的名字是李四"],
      [2, "用户喜欢红茶"],
    ]);
    expect(plan.inserts.map((m) => [m.category, m.memoryKey, m.content])).toEqual([
      ["project", "当前项目", "用户在做B"],
    ]);
  });

  it("the built-in model finds first-person facts and ignores questions", () => {
    const prompt =
      "已有记忆：\n（无）\n\n对话：\n用户：我叫王五，我的手机号是138。我在做一个网站！你知道我喜欢什么吗？\n助手：我叫助手";
    const { memories } = JSON.parse(offlineMemories(prompt)) as { memories: { key: string; content: string }[] };
    expect(memories.map((m) => m.content)).toEqual(["用户的名字是王五", "用户的手机号是138", "用户正在做一个网站"]);
  });
});
