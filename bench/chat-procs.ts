import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

/** Child processes of the chat bench: the fake model, the server and the health probe, each on its own loop. */
const here = path.dirname(fileURLToPath(import.meta.url));

export interface Child {
  process: ChildProcess;
  /** The first JSON line the child printed (its address). */
  hello: any;
  /** Every later JSON line, as it arrives. */
  lines: any[];
  stop(): Promise<void>;
}

/** `file` is a bench/ TypeScript file run through tsx, or an absolute path to plain JavaScript (a bundle). */
export async function startChild(
  file: string,
  args: string[] = [],
  runtime: { flags: string[]; env: Record<string, string> } = { flags: [], env: {} },
): Promise<Child> {
  const entry = path.isAbsolute(file) ? [file] : ["--import", "tsx", path.join(here, file)];
  const child = spawn(process.execPath, [...runtime.flags, ...entry, ...args], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, ...runtime.env },
  });
  const lines: any[] = [];
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const hello = await new Promise<any>((resolve, reject) => {
    let first = true;
    child.once("exit", (code) => first && reject(new Error(`${file} exited with ${code}`)));
    createInterface({ input: child.stdout! }).on("line", (line) => {
      const value = JSON.parse(line);
      if (first) {
        first = false;
        resolve(value);
      } else lines.push(value);
    });
  });
  return {
    process: child,
    hello,
    lines,
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * The Node flags and environment `npm start` runs the product with (package.json's start script, e.g.
 * `MALLOC_MMAP_THRESHOLD_=… node --max-semi-space-size=16 --wasm-tiering-budget=…`), so a bench's server runs
 * as the product does: GC and WebAssembly tiering change the figures.
 */
export function startRuntime() {
  const script: string = JSON.parse(readFileSync(path.join(here, "..", "package.json"), "utf8")).scripts.start;
  const [prefix = "", rest = ""] = script.split(/\bnode\b/, 2);
  const env = Object.fromEntries(
    prefix
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => pair.split("=", 2) as [string, string]),
  );
  const flags = rest
    .trim()
    .split(/\s+/)
    .filter((arg) => arg.startsWith("--"));
  return { flags, env };
}

/** Resident memory of a process in bytes (Linux), 0 once it is gone. */
export function rssOf(pid: number) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Which machine a figure came from, printed with every table. */
export function machine() {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? "cpu"}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}${process.env.BENCH_START_RUNTIME ? "; this process runs with npm start's Node flags" : ""}`;
}

/** CPU time a process has used so far, user and system, in ms (Linux, clock ticks of 10 ms). */
export function cpuMsOf(pid: number) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}
