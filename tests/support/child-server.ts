import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { cp } from "node:fs/promises";
import path from "node:path";
import { childArgs } from "./child-bundle";
import { ADMIN_PASSWORD, type Envelope, type TestServer } from "./server";
import { seeded } from "./test-db";

export interface CallOptions {
  token?: string | null;
  body?: unknown;
}

/** The real server (serve-child.ts) in its own process on `dataDir`, so a test can SIGKILL it and start it again. */
export interface ChildServer {
  child: ChildProcess;
  url: string;
  /** The envelope as answered. */
  call<T = any>(path: string, opts?: CallOptions): Promise<Envelope<T>>;
  /** The envelope's data; throws with the code and message when the answer is not 0000. */
  data<T = any>(path: string, opts?: CallOptions): Promise<T>;
  /** Enough of TestServer for the helpers in tests/support that only call the API. */
  server: TestServer;
  kill(): Promise<void>;
}

const started = new Set<ChildProcess>();

/**
 * Starts the server on `dataDir` with the test settings (`env` adds to them, e.g. DATABASE_URL for a second process
 * on one PostgreSQL). The first start on an empty directory copies the run's seeded database.
 */
export async function startChildServer(dataDir: string, env: Record<string, string> = {}): Promise<ChildServer> {
  await copySeeded(dataDir, env);
  const child = spawn(process.execPath, childArgs("serve-child"), {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      LOG_LEVEL: "silent",
      PORT: "0",
      HOST: "127.0.0.1",
      EGRESS_ALLOW: "127.0.0.1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.add(child);
  let stderr = "";
  child.stderr!.on("data", (d) => {
    stderr += String(d);
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d) => {
      out += String(d);
      const match = /listening (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`server exited (${code}) before listening: ${stderr}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  const call = async <T = any>(p: string, opts: CallOptions = {}) => {
    const res = await fetch(url + p, {
      method: opts.body === undefined ? "GET" : "POST",
      headers: { "content-type": "application/json", ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    return (await res.json()) as Envelope<T>;
  };
  const data = async <T = any>(p: string, opts: CallOptions = {}) => {
    const json = await call<T>(p, opts);
    if (json.code !== "0000") throw new Error(`${p}: ${json.code} ${json.message}`);
    return json.data;
  };
  return { child, url, call, data, server: { url, call } as unknown as TestServer, kill: () => killChild(child) };
}

/**
 * Before the first start on an empty directory: the run's seeded data directory (global-setup.ts unpacked it once)
 * copied in, which the server then opens as after a restart, instead of unpacking the 42 MB tarball or, without
 * one, creating and migrating a cluster. A server with its own database or admin password starts empty.
 */
async function copySeeded(dataDir: string, env: Record<string, string>) {
  const own = env.DATABASE_URL !== undefined || (env.ADMIN_PASSWORD ?? ADMIN_PASSWORD) !== ADMIN_PASSWORD;
  if (own || existsSync(path.join(dataDir, "pglite", "PG_VERSION"))) return;
  const files = await seeded();
  if (files) await cp(files.dataDir, dataDir, { recursive: true });
}

export function killChild(child: ChildProcess) {
  started.delete(child);
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

/** Kills every child server this file started (for afterAll). */
export async function killChildServers() {
  await Promise.all([...started].map(killChild));
}
