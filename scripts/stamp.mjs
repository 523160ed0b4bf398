// The build's fingerprint: a hash of every file the build reads from the checkout. `npm start` compares it with
// the one the last build wrote and builds only when they differ, so a restart costs no build.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
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

const inputFiles = async (root) => (await Promise.all(INPUTS.map((p) => listFiles(root, p)))).flat().sort();

/** sha256 over the sorted paths and contents of the inputs under `root`. */
export async function inputsHash(root, files) {
  files ??= await inputFiles(root);
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

/**
 * sha256 over each input's path, size, inode and change time. Any write to a file moves its change time (ctime,
 * which no tool sets back), so while this matches, the contents are the ones last hashed: a restart reads
 * metadata only instead of every source file.
 */
async function metadataHash(root, files) {
  const stats = await Promise.all(files.map((f) => stat(path.join(root, f))));
  const hash = createHash("sha256");
  files.forEach((f, i) => {
    const s = stats[i];
    hash.update(`${f}\0${s.size}\0${s.ino}\0${s.ctimeMs}\n`);
  });
  return hash.digest("hex");
}

/** The hash if the last build is complete and still matches the inputs, else undefined. */
export async function currentBuild(root) {
  if (!OUTPUTS.every((f) => existsSync(path.join(root, f)))) return undefined;
  const [stamp, files] = await Promise.all([
    readFile(stampFile(root), "utf8").then(JSON.parse, () => undefined),
    inputFiles(root),
  ]);
  if (!stamp) return undefined;
  const metadata = await metadataHash(root, files);
  if (stamp.metadata === metadata) return stamp.inputs;
  const hash = await inputsHash(root, files);
  if (stamp.inputs !== hash) return undefined;
  // The same contents in touched files (a fresh build, a checkout): remembered, so the next start is quick.
  await writeStamp(root, hash, { builtAt: stamp.builtAt, metadata });
  return hash;
}

export async function writeStamp(root, hash, extra = { builtAt: new Date().toISOString() }) {
  await writeFile(stampFile(root), `${JSON.stringify({ inputs: hash, ...extra })}\n`);
}
