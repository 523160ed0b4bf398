import { expect, type Page, test } from "@playwright/test";
import { call, personalSpaceId, uniqueName } from "./chat-support";
import { hydrated, signInAdmin } from "./support";

/**
 * 开发收藏 on the develop page's cards: each card's star posts through the router under its own key (the list holds
 * the router hooks, not each card), so stars clicked one after another all go through; without JavaScript the
 * star is a plain form posting to the page's own address.
 */

async function twoAgents(page: Page) {
  const prefix = uniqueName("星标");
  const spaceId = await personalSpaceId(page);
  const names = [`${prefix}甲`, `${prefix}乙`];
  for (const name of names) await call<number>(page, "/api/agent/add", { spaceId, name, template: "template-1" });
  return { spaceId, prefix, names };
}

const star = (page: Page, name: string) =>
  page
    .getByRole("article")
    .filter({ has: page.getByRole("link", { name, exact: true }) })
    .getByRole("button", { name: `收藏${name}` });

test.describe("develop stars with JavaScript", () => {
  test("two stars clicked one after another both stay on", async ({ page }) => {
    await signInAdmin(page);
    const { spaceId, prefix, names } = await twoAgents(page);
    await page.goto(`/space/${spaceId}/develop?kw=${encodeURIComponent(prefix)}`);
    await expect(page.getByRole("article")).toHaveCount(2);
    await hydrated(star(page, names[0] as string));
    await star(page, names[0] as string).click();
    await star(page, names[1] as string).click();
    for (const name of names) await expect(star(page, name)).toHaveAttribute("aria-pressed", "true");
    await page.reload();
    for (const name of names) await expect(star(page, name)).toHaveAttribute("aria-pressed", "true");
  });
});

test.describe("develop stars without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the star posts to the page and keeps its search", async ({ page }) => {
    await signInAdmin(page);
    const { spaceId, prefix, names } = await twoAgents(page);
    const listed = `/space/${spaceId}/develop?kw=${encodeURIComponent(prefix)}`;
    await page.goto(listed);
    await expect(page.getByRole("article")).toHaveCount(2);
    await star(page, names[1] as string).click();
    await expect(page).toHaveURL(listed);
    await expect(page.getByText("已收藏")).toBeAttached();
    await expect(star(page, names[1] as string)).toHaveAttribute("aria-pressed", "true");
    await expect(star(page, names[0] as string)).toHaveAttribute("aria-pressed", "false");
  });
});
