/**
 * API files' setup file: waits for the run's seeded databases (tests/support/seed.ts runs alongside the first test
 * files) before the file starts, outside any hook, so a slow seed on a busy machine does not count against the first
 * file's beforeAll timeout.
 */
import { seeded } from "./test-db";

await seeded();
