import { type Browser, type BrowserContext, expect, type Page } from "@playwright/test";
import { ADMIN, apiSignIn, nickOf, registerByApi, uniqueEmail } from "./support";

/** Helpers for the publishing stories: people in their own browser contexts, and the API as they would call it. */

export interface Person {
  context: BrowserContext;
  page: Page;
  email: string;
  nick: string;
}

/** A new account signed in in a context of its own (signed up through the API: see registerByApi). */
export async function newPerson(browser: Browser, prefix: string, javaScriptEnabled = true): Promise<Person> {
  const email = uniqueEmail(prefix);
  const context = await browser.newContext({ javaScriptEnabled });
  await registerByApi(context.request, email, "Member#Pass1");
  return { context, page: await context.newPage(), email, nick: nickOf(email) };
}

/** The admin, signed in through the API in a context of its own; its page has not opened anything yet. */
export async function signedInAdmin(browser: Browser, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled });
  await apiSignIn(context.request, ADMIN.account, ADMIN.password);
  return { context, page: await context.newPage() };
}

/** Calls the backend with the page's session cookie; fails the test unless the envelope says 0000. */
export async function call<T = any>(page: Page, path: string, body?: unknown): Promise<T> {
  const res =
    body === undefined ? await page.request.get(path) : await page.request.post(path, { data: body as object });
  const envelope = await res.json();
  expect(envelope.code, `${path}: ${envelope.message}`).toBe("0000");
  return envelope.data as T;
}

export const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** An agent in the person's personal space with the given system prompt; returns its id and space id. */
export async function createAgent(page: Page, name: string, systemPrompt: string) {
  const spaces = await call<{ id: number; type: string }[]>(page, "/api/space/list");
  const spaceId = spaces.find((s) => s.type === "Personal")!.id;
  const agentId = await call<number>(page, "/api/agent/add", { spaceId, name, description: `${name}的描述` });
  await call(page, "/api/agent/config/update", { id: agentId, systemPrompt });
  return { agentId, spaceId };
}

/** Starts a conversation (normal, or the builder's debug one) and returns the streamed answer to `message`. */
export async function chatAnswer(page: Page, agentId: number, message: string, devMode = false) {
  const conversation = await call<{ id: number }>(page, "/api/agent/conversation/create", { agentId, devMode });
  const res = await page.request.post("/api/agent/conversation/chat", {
    data: { conversationId: conversation.id, message },
  });
  expect(res.headers()["content-type"]).toContain("text/event-stream");
  const frames = (await res.text())
    .split("\n")
    .filter((line) => line.startsWith("data:"))
    .map((line) => JSON.parse(line.slice(5)));
  expect(frames.some((f) => f.eventType === "FINAL_RESULT")).toBe(true);
  return frames
    .filter((f) => f.eventType === "MESSAGE" && f.data?.type === "CHAT")
    .map((f) => f.data.text as string)
    .join("");
}

/** The built-in offline model says how long the system prompt it ran with was: "设定（N 字）". */
export function promptLength(answer: string) {
  const n = /设定（(\d+) 字）/.exec(answer)?.[1];
  expect(n, `prompt length in "${answer}"`).toBeTruthy();
  return Number(n);
}
