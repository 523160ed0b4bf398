/**
 * `npm start` skips the build when the stamp matches the inputs: it must match after a build when nothing
 * changed, and stop matching when a source changes or an output of the build is gone.
 */
import { mkdir, mkdtemp, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildIfStale } from "../../scripts/build.mjs";
import { currentBuild, inputsHash, writeStamp } from "../../scripts/stamp.mjs";

let root: string;
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function put(rel: string, text: string) {
  await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
  await writeFile(path.join(root, rel), text);
}

/** A checkout in miniature, with the outputs a finished build leaves. */
async function builtCheckout() {
  root = await mkdtemp(path.join(os.tmpdir(), "build-stamp-"));
  await put("app/root.tsx", "export default 1;");
  await put("server/main.ts", "console.log(1);");
  await put("server/db/migrations/0000_init.sql", "create table t (id int);");
  await put("package-lock.json", "{}");
  await put("build/server/index.js", "");
  await put("build/app/main.js", "");
  await put("build/db-image/meta.json", "{}");
  await writeStamp(root, await inputsHash(root));
}

describe("build stamp", () => {
  it("matches after a build when nothing changed, so the start skips the build", async () => {
    await builtCheckout();
    expect(await currentBuild(root)).toBe(await inputsHash(root));
  });

  it("stops matching when a source, a migration or the lock file changes", async () => {
    for (const [file, text] of [
      ["app/root.tsx", "export default 2;"],
      ["server/db/migrations/0001_more.sql", "alter table t add column x int;"],
      ["package-lock.json", '{"lockfileVersion":3}'],
    ] as const) {
      await builtCheckout();
      await put(file, text);
      expect(await currentBuild(root), file).toBeUndefined();
    }
  });

  it("after a start has checked the contents, an edit that keeps the size and the modification time still counts", async () => {
    await builtCheckout();
    expect(await currentBuild(root)).toBeDefined();
    // The second check reads only metadata; the edit below leaves size and mtime as they were.
    const file = path.join(root, "server/main.ts");
    const { atime, mtime } = await stat(file);
    await writeFile(file, "console.log(2);");
    await utimes(file, atime, mtime);
    expect(await currentBuild(root)).toBeUndefined();
  });

  it("ignores test files beside the sources", async () => {
    await builtCheckout();
    await put("server/main.test.ts", "it('x', () => {});");
    expect(await currentBuild(root)).toBeDefined();
  });

  it("stops matching when an output of the build is gone", async () => {
    await builtCheckout();
    await rm(path.join(root, "build/db-image/meta.json"));
    expect(await currentBuild(root)).toBeUndefined();
  });
});

describe("npm start's build", () => {
  /** A stand-in for scripts/build.mjs: notes the process it ran in, then exits with the code it is given. */
  async function fakeBuild() {
    const script = path.join(root, "fake-build.mjs");
    const note = path.join(root, "built-in-process");
    await writeFile(
      script,
      `import { writeFileSync } from "node:fs";\nwriteFileSync(${JSON.stringify(note)}, String(process.pid));\nprocess.exit(Number(process.argv[2]));\n`,
    );
    return { script, ranIn: () => readFile(note, "utf8").then(Number, () => undefined) };
  }

  it("builds in a process of its own when the stamp does not match, and says whether the build succeeded", async () => {
    await builtCheckout();
    await put("server/main.ts", "console.log(2);");
    const { script, ranIn } = await fakeBuild();
    expect(await buildIfStale({ root, command: [script, "0"] })).toBe(true);
    const pid = await ranIn();
    expect(pid).toBeGreaterThan(0);
    expect(pid).not.toBe(process.pid);
    expect(await buildIfStale({ root, command: [script, "1"] })).toBe(false);
  });

  it("does not build when the stamp matches", async () => {
    await builtCheckout();
    const { script, ranIn } = await fakeBuild();
    expect(await buildIfStale({ root, command: [script, "1"] })).toBe(true);
    expect(await ranIn()).toBeUndefined();
  });
});
