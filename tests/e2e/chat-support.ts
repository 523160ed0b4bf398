import { expect, type Page } from "@playwright/test";
import { startFakeOpenAI } from "../fixtures/fake-openai";
import { hydrated } from "./support";

/** Helpers for the chat stories: agents and conversations set up through the API with the page's session. */

/** Calls the backend with the page's session cookie; fails the test unless the envelope says 0000. */
export async function call<T = unknown>(page: Page, path: string, body?: unknown): Promise<T> {
  const res =
    body === undefined ? await page.request.get(path) : await page.request.post(path, { data: body as object });
  const envelope = await res.json();
  expect(envelope.code, `${path}: ${envelope.message}`).toBe("0000");
  return envelope.data as T;
}

export const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

export async function personalSpaceId(page: Page) {
  const spaces = await call<{ id: number; type: string }[]>(page, "/api/space/list");
  return spaces.find((s) => s.type === "Personal")!.id;
}

/**
 * An agent from a starter template in the signed-in person's personal space. template-2 (写作助手) opens with
 * "你好！我是写作助手…", asks for 文风, offers two opening questions and has suggestions on.
 */
export async function createAgent(page: Page, template: "template-1" | "template-2" | "template-3" | "template-4") {
  const spaceId = await personalSpaceId(page);
  const name = uniqueName("对话测试");
  const agentId = await call<number>(page, "/api/agent/add", { spaceId, name, template });
  return { agentId, spaceId, name };
}

export async function newConversation(page: Page, agentId: number) {
  return (await call<{ id: number }>(page, "/api/agent/conversation/create", { agentId, devMode: false })).id;
}

/**
 * Points the agent's Model component at a space model served by the fake OpenAI server (`model` = behaviour).
 * fake-slow sends 50 chunks, one every `slowMs`: a test that must catch the answer still running (stop, reload)
 * takes a slower pace, so a page load on a loaded machine does not outlast the whole answer.
 */
export async function useFakeModel(
  page: Page,
  agentId: number,
  spaceId: number,
  model: "fake-slow" | "fake-text",
  slowMs = 150,
) {
  const fake = await startFakeOpenAI({ slowMs });
  const modelId = await call<number>(page, "/api/model/save", {
    spaceId,
    name: uniqueName(model),
    model,
    apiProtocol: "OpenAI",
    baseUrl: fake.url,
    apiKey: fake.apiKey,
  });
  const components = await call<{ id: number; type: string }[]>(page, `/api/agent/component/list/${agentId}`);
  const modelComponent = components.find((c) => c.type === "Model")!;
  await call(page, "/api/agent/component/model/update", { id: modelComponent.id, targetId: modelId, bindConfig: {} });
  return fake;
}

/** The offline model's answer always starts like this (server/llm/builtin.ts). */
export const OFFLINE_ANSWER = "你好！我是内置的离线演示模型。";
export const answerTo = (message: string) => `你说的是：「${message}」`;

/**
 * Opens a chat page (a conversation or a temporary link) and waits until React has hydrated its message box. Typed
 * before, the text is wiped when React takes the controlled field over and 发送 stays disabled; a file picked before
 * is never uploaded.
 */
export async function openChat(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page.getByLabel("输入消息"));
}

/** The conversation as it shows on the page. */
export const messageList = (page: Page) => page.getByRole("list", { name: "对话内容" });
