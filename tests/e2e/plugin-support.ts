import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { test as base, expect, type Page } from "@playwright/test";
import { personalSpaceId } from "./chat-support";

/**
 * A local HTTP API for the HTTP plugin to call (the e2e server allows 127.0.0.1 through EGRESS_ALLOW):
 * GET /greet/:id?name=… answers {greeting, id, tags:[…]}.
 */
export async function startGreetServer() {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const match = /^\/greet\/(\w+)$/.exec(url.pathname);
    if (!match) {
      res.writeHead(404, { "content-type": "application/json" }).end('{"error":"not found"}');
      return;
    }
    const body = {
      greeting: `你好，${url.searchParams.get("name") ?? "朋友"}`,
      id: Number(match[1]),
      tags: ["a", "b"],
    };
    res
      .writeHead(200, { "content-type": "application/json; charset=utf-8", "x-greet": "yes" })
      .end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type GreetServer = Awaited<ReturnType<typeof startGreetServer>>;

/**
 * The test function of the specs whose plugins call the greet API: `greet` is one server per worker, started when a
 * test first asks for it and closed when the worker ends (instead of a start and stop in every spec or test).
 */
export const test = base.extend<object, { greet: GreetServer }>({
  greet: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const server = await startGreetServer();
      await use(server);
      await server.close();
    },
    { scope: "worker" },
  ],
});

export const uniquePlugin = (prefix: string) => `${prefix}${Date.now().toString(36)}`;

/** Signed in already: opens the personal space's library and returns the space id. */
export async function openLibrary(page: Page) {
  const spaceId = await personalSpaceId(page);
  await page.goto(`/space/${spaceId}/library?type=Plugin`);
  return spaceId;
}

/** 新建 → 插件 → the create form; ends on the new plugin's page. */
export async function createPlugin(
  page: Page,
  name: string,
  kind: "HTTP 插件" | "代码插件",
  { javaScript = true, language }: { javaScript?: boolean; language?: string } = {},
) {
  // With JavaScript the menu is a Radix dropdown once hydrated (before that, a <details> disclosure).
  if (javaScript) await expect(page.getByLabel("新建组件")).toHaveAttribute("aria-haspopup", "menu");
  await page.getByLabel("新建组件").click();
  const menu = javaScript ? page.getByRole("menu") : page.locator("details[open]");
  await menu.getByRole(javaScript ? "menuitem" : "link", { name: "插件", exact: true }).click();
  await expect(page).toHaveURL(/\/library\/plugin\/new$/);
  await page.getByLabel("名称").fill(name);
  await page.getByText(kind, { exact: true }).click();
  if (language) await page.getByLabel("代码语言（代码插件）").selectOption(language);
  await page.getByRole("button", { name: "创建" }).click();
  await expect(page).toHaveURL(kind === "代码插件" ? /\/plugin\/\d+\/cloud-tool$/ : /\/plugin\/\d+$/);
  await expect(page.getByText(`已创建插件「${name}」`)).toBeAttached();
}

/** The `n`th data row (0-based) of an argument table. */
export function argRow(page: Page, table: "入参配置" | "出参配置", n: number) {
  return page.getByRole("region", { name: table }).locator("tbody tr").nth(n);
}
