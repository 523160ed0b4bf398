// The build's fingerprint: a hash of every file the build reads from the checkout. `npm start` compares it with
// the one the last build wrote and builds only when they differ, so a restart costs no build.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/** Folders and files whose contents make up the web bundle, the server bundle and the database image. */
const INPUTS = [
  "app",
  "contract",
  "server",
  "public",
  "scripts",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
];
// Tests beside the server code are not part of any bundle; editing one must not trigger a build.
const IGNORED = /\.test\.tsx?$/;

async function listFiles(root, rel) {
  const abs = path.join(root, rel);
  let entries;
  try {
    entries = await readdir(abs, { withFileTypes: true });
  } catch (err) {
    if (err.code === "ENOTDIR") return [rel];
    if (err.code === "ENOENT") return [];
    throw err;
  }
  const nested = await Promise.all(
    entries
      .filter((e) => !e.name.startsWith(".") && !IGNORED.test(e.name))
      .map((e) => (e.isDirectory() ? listFiles(root, path.join(rel, e.name)) : [path.join(rel, e.name)])),
  );
  return nested.flat();
}

/** sha256 over the sorted paths and contents of the inputs under `root`. */
export async function inputsHash(root) {
  const files = (await Promise.all(INPUTS.map((p) => listFiles(root, p)))).flat().sort();
  const contents = await Promise.all(files.map((f) => readFile(path.join(root, f))));
  const hash = createHash("sha256");
  files.forEach((f, i) => {
    hash.update(`${f}\0${contents[i].length}\0`);
    hash.update(contents[i]);
  });
  return hash.digest("hex");
}

const stampFile = (root) => path.join(root, "build", "stamp.json");
/** What a start needs from the build; if any is gone (a partial clean), the stamp alone proves nothing. */
const OUTPUTS = ["build/server/index.js", "build/app/main.js", "build/db-image/meta.json"];

/** The hash if the last build is complete and still matches the inputs, else undefined. */
export async function currentBuild(root) {
  if (!OUTPUTS.every((f) => existsSync(path.join(root, f)))) return undefined;
  const [stamp, hash] = await Promise.all([
    readFile(stampFile(root), "utf8").then(JSON.parse, () => undefined),
    inputsHash(root),
  ]);
  return stamp?.inputs === hash ? hash : undefined;
}

export async function writeStamp(root, hash) {
  await writeFile(stampFile(root), `${JSON.stringify({ inputs: hash, builtAt: new Date().toISOString() })}\n`);
}
