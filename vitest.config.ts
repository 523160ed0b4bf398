import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["contract/**/*.test.ts", "server/**/*.test.ts", "app/**/*.test.ts", "tests/api/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // One migrated and seeded database per run; each API test file's server starts from a copy of it.
    globalSetup: ["tests/support/global-setup.ts"],
    // Files run two at a time (the CI machine has two cores; Vitest's default would use one worker).
    maxWorkers: 2,
  },
});
