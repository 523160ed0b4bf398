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
    // A worker keeps its loaded modules from file to file (decision 0010): the server's module graph was imported
    // again for every file, about a third of the suite's time. Each file still gets its own server and database.
    isolate: false,
  },
});
