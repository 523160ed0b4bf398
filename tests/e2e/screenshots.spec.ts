import path from "node:path";
import { type BrowserContext, test } from "@playwright/test";
import { MAIN_PAGE_NAMES, mainPages, openSettled } from "./layout-support";

/**
 * Pictures of every main page at a desktop and a phone size (and the home page and editor in the dark theme), kept
 * as CI artefacts in test-results/screenshots/ so a reviewer sees the look without running the app.
 */
const SIZES = [
  { label: "1440", viewport: { width: 1440, height: 900 } },
  { label: "390", viewport: { width: 390, height: 844 } },
] as const;
const DIR = path.resolve(process.cwd(), "test-results/screenshots");

let paths: Awaited<ReturnType<typeof mainPages>>["paths"];
let storage: Awaited<ReturnType<typeof mainPages>>["storage"];

test.beforeAll(async ({ browser }) => {
  ({ paths, storage } = await mainPages(browser));
});

for (const { label, viewport } of SIZES) {
  test.describe(`screenshots at ${viewport.width}×${viewport.height}`, () => {
    let context: BrowserContext;
    test.beforeAll(async ({ browser }) => {
      context = await browser.newContext({ viewport, storageState: storage });
    });
    test.afterAll(async () => {
      await context.close();
    });

    for (const name of MAIN_PAGE_NAMES) {
      test(`${name} at ${label}`, async () => {
        const page = await context.newPage();
        await openSettled(page, paths, name);
        await page.screenshot({ path: path.join(DIR, `${name}-${label}.png`), animations: "disabled" });
        await page.close();
      });
    }
  });
}

test("the dark theme at 1440", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ viewport: SIZES[0].viewport, storageState: storage });
  await context.addCookies([{ name: "theme", value: "dark", url: baseURL as string }]);
  const page = await context.newPage();
  for (const name of ["home", "agent-editor", "system-users"] as const) {
    await openSettled(page, paths, name);
    await page.screenshot({ path: path.join(DIR, `${name}-1440-dark.png`), animations: "disabled" });
  }
  await context.close();
});
