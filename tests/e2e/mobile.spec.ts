import { type BrowserContext, expect, test } from "@playwright/test";
import { layoutProblems, MAIN_PAGE_NAMES, mainPages, openSettled } from "./layout-support";

/** A phone (iPhone 12–15 class): every main page fits its width and never squeezes text into a narrow column. */
const PHONE = { width: 390, height: 844 };

let paths: Awaited<ReturnType<typeof mainPages>>["paths"];
let context: BrowserContext;

test.beforeAll(async ({ browser }) => {
  const setup = await mainPages(browser);
  paths = setup.paths;
  context = await browser.newContext({ viewport: PHONE, storageState: setup.storage });
});

test.afterAll(async () => {
  await context.close();
});

test.describe("main pages at 390×844", () => {
  for (const name of MAIN_PAGE_NAMES) {
    test(`${name} fits the phone's width and keeps text readable`, async () => {
      const page = await context.newPage();
      await openSettled(page, paths, name);
      const { overflow, squeezed } = await layoutProblems(page);
      expect(overflow, "how far the page scrolls sideways").toBe(0);
      expect(squeezed, "text in a column narrower than 60 px").toEqual([]);
      await page.close();
    });
  }
});
