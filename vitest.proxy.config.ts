import { defineConfig } from "vitest/config";

/** `npm run test:proxy`: the product behind Debian's nginx (needs nginx, openssl and the web build). */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/proxy/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    pool: "forks",
  },
});
