import { type Browser, expect, type Page } from "@playwright/test";
import { call, newConversation, personalSpaceId, uniqueName } from "./chat-support";
import { hydrated, signInAdmin } from "./support";

/** The main pages of issue 17's layout checks, by a short name used in test titles and screenshot files. */
export const MAIN_PAGE_NAMES = [
  "home",
  "chat",
  "square",
  "space-develop",
  "library",
  "agent-editor",
  "plugin",
  "workflow",
  "knowledge",
  "table",
  "system-users",
  "system-audit",
  "system-published",
  "system-models",
  "system-config",
  "notifications",
  "profile",
] as const;
export type MainPageName = (typeof MAIN_PAGE_NAMES)[number];

/**
 * Signs the admin in and creates one of each object the main pages show (agent, conversation, plugin, workflow,
 * knowledge base, table) through the API; answers every main page's path.
 */
export async function mainPages(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAdmin(page);
  const spaceId = await personalSpaceId(page);
  const agentId = await call<number>(page, "/api/agent/add", {
    spaceId,
    name: uniqueName("布局检查智能体"),
    template: "template-2",
  });
  const conversationId = await newConversation(page, agentId);
  const pluginId = await call<number>(page, "/api/plugin/add", {
    spaceId,
    name: uniqueName("布局检查插件"),
    type: "HTTP",
  });
  const workflowId = await call<number>(page, "/api/workflow/add", { spaceId, name: uniqueName("布局检查工作流") });
  const knowledgeId = await call<number>(page, "/api/knowledge/config/add", {
    spaceId,
    name: uniqueName("布局检查知识库"),
  });
  const tableId = await call<number>(page, "/api/compose/db/table/add", {
    spaceId,
    tableName: uniqueName("layout_table_"),
  });
  const storage = await context.storageState();
  await context.close();
  const paths: Record<MainPageName, string> = {
    home: "/",
    chat: `/home/chat/${conversationId}`,
    square: "/square",
    "space-develop": `/space/${spaceId}/develop`,
    library: `/space/${spaceId}/library`,
    "agent-editor": `/space/${spaceId}/agent/${agentId}`,
    plugin: `/space/${spaceId}/plugin/${pluginId}`,
    workflow: `/space/${spaceId}/workflow/${workflowId}`,
    knowledge: `/space/${spaceId}/knowledge/${knowledgeId}`,
    table: `/space/${spaceId}/table/${tableId}`,
    "system-users": "/system/user/manage",
    "system-audit": "/system/publish/audit",
    "system-published": "/system/published/manage",
    "system-models": "/system/model/manage",
    "system-config": "/system/config",
    notifications: "/notifications",
    profile: "/profile",
  };
  return { paths, storage };
}

/**
 * What only the browser draws on a main page, after hydration: the workflow canvas (client-only; xyflow shows a node
 * once it has measured it).
 */
const drawnInBrowser: Partial<Record<MainPageName, string>> = { workflow: ".react-flow__node" };

/**
 * Opens a main page and waits until it is drawn as a person sees it: loaded (styles, scripts, images), hydrated (what
 * only the browser renders is there), its fonts ready, and its browser-drawn part visible. These are the conditions
 * themselves; network idle waited for the notification poller's first round and then half a second more on every page.
 */
export async function openSettled(page: Page, paths: Record<MainPageName, string>, name: MainPageName) {
  const path = paths[name];
  const response = await page.goto(path);
  expect(response?.status(), `${path} answers`).toBeLessThan(400);
  await hydrated(page.locator("body"));
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const drawn = drawnInBrowser[name];
  if (drawn) await expect(page.locator(drawn).first()).toBeVisible();
}

export interface LayoutProblems {
  /** How far the document scrolls sideways (0 when nothing overflows). */
  overflow: number;
  /** Visible text squeezed into a column too narrow to read: its text and width. */
  squeezed: { text: string; width: number }[];
}

/**
 * Measures the two ways a page breaks on a phone: the document is wider than the screen, or some text
 * (more than `minChars` characters) is wrapped or cut off in a box narrower than `minWidth` px — a page squeezed
 * into a column.
 */
export function layoutProblems(page: Page, minWidth = 60, minChars = 4): Promise<LayoutProblems> {
  return page.evaluate(
    ({ minWidth, minChars }) => {
      const root = document.scrollingElement ?? document.documentElement;
      const squeezed: { text: string; width: number }[] = [];
      for (const el of Array.from(document.body.querySelectorAll<HTMLElement>("*"))) {
        const own = Array.from(el.childNodes)
          .filter((n) => n.nodeType === Node.TEXT_NODE)
          .map((n) => n.textContent ?? "")
          .join("")
          .trim();
        if ([...own].length <= minChars) continue;
        const rect = el.getBoundingClientRect();
        // 1-px boxes are screen-reader-only text; empty boxes are not shown.
        if (rect.width <= 2 || rect.height <= 2) continue;
        const style = getComputedStyle(el);
        if (style.visibility === "hidden" || el.closest("[hidden],[aria-hidden=true]")) continue;
        if (rect.width >= minWidth) continue;
        // Short text on one line is simply short; squeezed text wraps line after line or is cut off.
        const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.5;
        const wrapped = rect.height > lineHeight * 1.8;
        const cut = el.scrollWidth > el.clientWidth + 1;
        if (wrapped || cut) squeezed.push({ text: own.slice(0, 30), width: Math.round(rect.width) });
      }
      return { overflow: Math.max(0, root.scrollWidth - window.innerWidth), squeezed };
    },
    { minWidth, minChars },
  );
}
