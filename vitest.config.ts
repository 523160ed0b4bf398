import { configDefaults, defineConfig } from "vitest/config";
import LongestFirst from "./tests/support/sequencer";

/**
 * API files that never open the database named by TEST_DATABASE_URL: the restart and durability tests run the
 * server as a child process on a PGlite data directory of its own, and two files test the build's start-up files.
 * The PostgreSQL run (`TEST_DATABASE_URL=… vitest run tests/api`) leaves them out: there they only repeated the
 * PGlite run's work, ~90 worker-seconds of it (decision 0010's addendum 6); the PGlite run keeps all of them.
 */
const PGLITE_ONLY = [
  "tests/api/build-stamp.test.ts",
  "tests/api/chat-durability.test.ts",
  "tests/api/chat-workflows-restart.test.ts",
  "tests/api/knowledge-restart.test.ts",
  "tests/api/startup-image.test.ts",
  "tests/api/trigger-restart.test.ts",
  "tests/api/workflow-restart.test.ts",
];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // One migrated and seeded database per run; each API test file's server starts from a copy of it.
    globalSetup: ["tests/support/global-setup.ts"],
    // Files run two at a time (the CI machine has two cores; Vitest's default would use one worker).
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        // Isolated: with shared modules (isolate: false) the Python sandbox's escape catalogue failed in three of
        // three runs on the loaded machine and passed isolated (decision 0010's addendum 5).
        test: { name: "unit", include: ["contract/**/*.test.ts", "server/**/*.test.ts", "app/**/*.test.ts"] },
      },
      {
        extends: true,
        // API files keep the server's module graph between files in a worker (decision 0010's addendum): each
        // file still starts its own server on its own database copy, but stops paying the imports again.
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? PGLITE_ONLY : [])],
          isolate: false,
          setupFiles: ["tests/support/wait-for-seed.ts"],
        },
      },
    ],
  },
});
