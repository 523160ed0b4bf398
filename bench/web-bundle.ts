import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { table } from "./lib";

interface ChunkStats {
  file: string;
  /** Module id → its minified length in this chunk. */
  modules: Record<string, number>;
}

/** A package's name (scoped or not) for files under node_modules, else the file relative to the project. */
function ownerOf(id: string) {
  const clean = id.replace(/\?.*$/, "").replace(/^\0/, "");
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(clean);
  if (match?.[1]) return match[1];
  return path.relative(process.cwd(), clean) || clean;
}

/**
 * What a route's first-load JavaScript is made of: each chunk's gzip size shared among its modules by their
 * minified length (an estimate — gzip does not split exactly), summed per package or per app file.
 * Reads build/bundle-stats.json, written by a client build with BUNDLE_STATS=1.
 */
export function routeContributors(files: string[], label: string, top = 20) {
  const stats = JSON.parse(readFileSync("build/bundle-stats.json", "utf8")) as ChunkStats[];
  const byFile = new Map(stats.map((c) => [`/${c.file}`, c]));
  const owners = new Map<string, number>();
  let total = 0;
  for (const file of files) {
    const chunk = byFile.get(file);
    if (!chunk) continue;
    const gzip = gzipSync(readFileSync(path.join("build/client", file))).length;
    total += gzip;
    const lengths = Object.entries(chunk.modules);
    const minified = lengths.reduce((sum, [, n]) => sum + n, 0) || 1;
    for (const [id, n] of lengths) owners.set(ownerOf(id), (owners.get(ownerOf(id)) ?? 0) + (gzip * n) / minified);
  }
  const rows = [...owners.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
  table(
    `First-load JS of ${label}: ${(total / 1024).toFixed(1)} KB gzip in ${files.length} files; largest parts (estimated)`,
    ["package or file", "gzip"],
    rows.map(([owner, bytes]) => [owner, `${(bytes / 1024).toFixed(1)} KB`]),
  );
}
