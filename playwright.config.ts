import { existsSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// E2E_PORT lets a second run (a local CI beside a developer's run) use its own port.
const PORT = Number(process.env.E2E_PORT ?? 3100);
// A fresh database per run, in one directory per port that each run empties first (a run per port at a time), so
// runs do not pile up copies of it. Set once here and inherited by worker processes, which re-read this file.
if (!process.env.E2E_DATA_DIR) {
  const dir = path.join(tmpdir(), `e2e-data-${PORT}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
  process.env.E2E_DATA_DIR = dir;
}

/**
 * Debian's Chromium as its headless shell (package chromium-headless-shell, the same build without the browser UI):
 * the suite is CPU-bound and the shell costs about a third less CPU than the full browser in headless mode
 * (docs/decisions/0019-e2e-headless-shell.md). The full browser serves where the shell is not installed.
 */
const chromium = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((file) => existsSync(file));
/** The flags that work as root in containers (STACK.md). */
const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-quic",
  "--no-first-run",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * first-run expects a fresh install (the seeded square and default agent as a new server has them) and runs first; its
 * tests only read that state, so they run side by side. Specs that change what every other spec sees (the tenant's
 * settings, public models and defaults) run next, one at a time; everything else then runs two at a time and keeps
 * to its own rows (unique names, filtered lists).
 */
const firstRun = /\/first-run\.spec\.ts$/;
const tenantWide = /\/(system-nojs|chat-models)\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: "zh-CN",
    // A failed test keeps its trace (actions, DOM snapshots, network); the screencast is off because recording it for
    // every test cost about a third of the suite's CPU (decision 0019).
    trace: { mode: "retain-on-failure", screenshots: false },
    launchOptions: { executablePath: chromium, args: chromiumArgs },
  },
  projects: [
    { name: "first-run", testMatch: firstRun, fullyParallel: true, use: { browserName: "chromium" } },
    {
      name: "tenant-wide",
      testMatch: tenantWide,
      workers: 1,
      dependencies: ["first-run"],
      use: { browserName: "chromium" },
    },
    {
      name: "chromium",
      testIgnore: [firstRun, tenantWide],
      dependencies: ["tenant-wide"],
      fullyParallel: true,
      use: { browserName: "chromium" },
    },
  ],
  webServer: {
    // The production build and bundled server, as `npm start` runs them; CI builds once before this suite and says so with E2E_BUILT=1.
    command: `${process.env.E2E_BUILT ? "" : "npm run build && "}node --max-semi-space-size=16 build/app/main.js`,
    url: `http://127.0.0.1:${PORT}/readyz`,
    env: {
      PORT: String(PORT),
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_PASSWORD: "Admin#Pass2026",
      LOG_LEVEL: "warn",
      EGRESS_ALLOW: "127.0.0.1",
      // Every spec signs its users up from this one address.
      CODE_SENDS_PER_IP_HOUR: "1000",
    },
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
