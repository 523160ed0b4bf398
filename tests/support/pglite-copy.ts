/**
 * The run's seeded PGlite data directory copied into each test file's in-memory database without unpacking a
 * tarball per file. PGlite's `loadDataDir` reads the Blob into a new buffer, parses the tar and resolves every
 * parent directory of every file from the root (1 264 files, 42 MB): most of the CPU a file's database took to
 * open. Here the tarball is parsed once per worker, and each copy puts the files straight into the new
 * database's in-memory filesystem before PostgreSQL starts, which then finds its cluster and resumes it.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { MemoryFS } from "@electric-sql/pglite";

/** Where PGlite keeps PGDATA inside its in-memory filesystem. */
const PGDATA = "/pglite/data";
/** rwx for all on directories, rw for all on files: what PGlite's own unpacking gives them. */
const DIR_MODE = 0o40777;
const FILE_MODE = 0o100666;

/** The parts of Emscripten's filesystem used here (PGlite types its Module.FS loosely). */
interface MemNode {
  contents: unknown;
  usedBytes: number;
}
interface EmscriptenFS {
  mkdirTree(path: string): void;
  lookupPath(path: string): { node: MemNode };
  filesystems: { MEMFS: { createNode(parent: MemNode, name: string, mode: number, dev: number): MemNode } };
}

export interface DataDirEntry {
  path: string;
  /** Undefined for a directory. */
  data?: Uint8Array;
}

/** A NUL-terminated header field. */
const text = (bytes: Uint8Array) => {
  const end = bytes.indexOf(0);
  return new TextDecoder().decode(end === -1 ? bytes : bytes.subarray(0, end));
};
const octal = (bytes: Uint8Array) => Number.parseInt(text(bytes).trim() || "0", 8);

/** The entries of a ustar archive (as PGlite's dumpDataDir writes it), sharing the archive's bytes. */
export function untar(archive: Uint8Array): DataDirEntry[] {
  const entries: DataDirEntry[] = [];
  for (let at = 0; at + 512 <= archive.length; ) {
    const header = archive.subarray(at, at + 512);
    if (header[0] === 0) break; // the two zero blocks that end the archive
    const prefix = text(header.subarray(345, 500));
    const name = (prefix ? `${prefix}/` : "") + text(header.subarray(0, 100));
    const size = octal(header.subarray(124, 136));
    const type = String.fromCharCode(header[156] ?? 0);
    at += 512;
    const path = `${PGDATA}/${name.replace(/^\/+/, "").replace(/\/+$/, "")}`;
    if (type === "5") entries.push({ path });
    else if (type === "0" || type === "\0") entries.push({ path, data: archive.subarray(at, at + size) });
    else throw new Error(`unexpected tar entry type ${JSON.stringify(type)} for ${name}`);
    at += Math.ceil(size / 512) * 512;
  }
  return entries;
}

/** An in-memory PGlite filesystem that starts holding `entries` (files are copied, the entries stay intact). */
export class SeededMemoryFS extends MemoryFS {
  constructor(private readonly entries: DataDirEntry[]) {
    super();
  }

  override async initialSyncFs() {
    await super.initialSyncFs();
    const FS = this.pg!.Module.FS as EmscriptenFS;
    const MEMFS = FS.filesystems.MEMFS;
    FS.mkdirTree(PGDATA);
    // Nodes are made under their parent directly: FS.writeFile resolves every path from the root again, which
    // was most of the copy's time. Entries come parent first (the order dumpDataDir writes them).
    const dirs = new Map<string, MemNode>([[PGDATA, FS.lookupPath(PGDATA).node]]);
    for (const { path, data } of this.entries) {
      const cut = path.lastIndexOf("/");
      const parent = dirs.get(path.slice(0, cut));
      if (!parent) throw new Error(`${path} comes before its directory`);
      const name = path.slice(cut + 1);
      if (data === undefined) dirs.set(path, MEMFS.createNode(parent, name, DIR_MODE, 0));
      else {
        const node = MEMFS.createNode(parent, name, FILE_MODE, 0);
        node.contents = data.slice();
        node.usedBytes = data.length;
      }
    }
  }
}

/** Writes the entries as a data directory on disk (what PGlite keeps in DATA_DIR/pglite), parents first. */
export async function writeDataDir(entries: DataDirEntry[], dir: string) {
  await mkdir(dir, { recursive: true });
  for (const { path, data } of entries) {
    const target = join(dir, relative(PGDATA, path));
    if (data === undefined) await mkdir(target, { recursive: true });
    else await writeFile(target, data);
  }
}
