/**
 * Pieces for running the product behind Debian's nginx the way README.md tells operators to: the nginx
 * block taken from the README itself, a self-signed certificate, nginx and the real server (server/main.ts
 * with the web build) as child processes, and an HTTP client that can pick its source address and accept
 * the test certificate.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import { type AddressInfo, createServer, Socket } from "node:net";
import path from "node:path";
import { parseFrames } from "../support/sse";

export const NGINX = "/usr/sbin/nginx";
export const ADMIN_PASSWORD = "Admin#Pass2026";

/** Every ```nginx block of the README, in order (the Chinese section's first, then the English one's). */
export function readmeNginxBlocks(readme = readFileSync("README.md", "utf8")) {
  return [...readme.matchAll(/```nginx\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

/** The directives of a block without comments and blank lines, to compare the two languages' copies. */
export const directives = (block: string) =>
  block
    .split("\n")
    .map((line) => line.replace(/#.*$/, "").trim())
    .filter(Boolean);

/** Replaces one pattern that must occur exactly once, so a README edit that drops it breaks the test. */
function replaceOnce(text: string, pattern: RegExp, replacement: string) {
  const hits = text.match(new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`));
  if (hits?.length !== 1) throw new Error(`README nginx block: expected one ${pattern}, found ${hits?.length ?? 0}`);
  return text.replace(pattern, replacement);
}

/**
 * The README's server block, changed only where a test must differ from a real site: loopback ports
 * instead of 443 (plus a plain-HTTP listener on the same block), the test certificate, the upstream port.
 */
export function testServerBlock(
  block: string,
  o: { tlsPort: number; httpPort: number; upstreamPort: number; cert: string; key: string },
) {
  let out = replaceOnce(
    block,
    /listen 443 ssl;/,
    `listen 127.0.0.1:${o.tlsPort} ssl;\n  listen 127.0.0.1:${o.httpPort};`,
  );
  out = replaceOnce(out, /ssl_certificate \S+;/, `ssl_certificate ${o.cert};`);
  out = replaceOnce(out, /ssl_certificate_key \S+;/, `ssl_certificate_key ${o.key};`);
  return replaceOnce(out, /proxy_pass http:\/\/127\.0\.0\.1:3000;/, `proxy_pass http://127.0.0.1:${o.upstreamPort};`);
}

/** A throwaway self-signed certificate for CN=localhost (the test client accepts it explicitly). */
export function selfSignedCert(dir: string) {
  const cert = path.join(dir, "cert.pem");
  const key = path.join(dir, "key.pem");
  const args = "req -x509 -newkey rsa:2048 -nodes -subj /CN=localhost -days 1".split(" ");
  execFileSync("openssl", [...args, "-keyout", key, "-out", cert], { stdio: "ignore" });
  return { cert, key };
}

export async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves once something accepts TCP connections on the port (polling, since nginx prints nothing). */
async function listening(port: number, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited (${child.exitCode}): ${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
      socket.connect(port, "127.0.0.1");
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port}: ${output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** nginx in the foreground with everything it writes kept in `dir`; `servers` are complete server blocks. */
export async function startNginx(dir: string, servers: string[], ports: number[]) {
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(
    conf,
    [
      "daemon off;",
      // As root the workers would switch to nobody and could not write request bodies into the temp dir.
      process.getuid?.() === 0 ? "user root;" : "",
      "worker_processes 1;",
      `pid ${path.join(dir, "nginx.pid")};`,
      `error_log ${path.join(dir, "error.log")} warn;`,
      "events { worker_connections 256; }",
      "http {",
      `  access_log ${path.join(dir, "access.log")};`,
      `  ${temp("client_body")} ${temp("proxy")} ${temp("fastcgi")} ${temp("uwsgi")} ${temp("scgi")}`,
      ...servers,
      "}",
    ].join("\n"),
  );
  const child = spawn(NGINX, ["-p", dir, "-c", conf, "-e", path.join(dir, "error.log")], { stdio: "pipe" });
  let output = "";
  child.stderr?.on("data", (d) => (output += d));
  const log = () =>
    output + (existsSync(path.join(dir, "error.log")) ? readFileSync(path.join(dir, "error.log"), "utf8") : "");
  for (const port of ports) await listening(port, child, log);
  return { child, log, stop: () => stopChild(child) };
}

/** The production build the full server serves; built once when missing (CI builds it before this suite). */
export function ensureWebBuild() {
  if (!existsSync("build/server/index.js")) execFileSync("npm", ["run", "build"], { stdio: "inherit" });
}

/** server/main.ts as `npm run serve` runs it, on a fresh in-memory database; resolves once it listens. */
export async function startProduct(port: number, env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: "memory://",
      ADMIN_PASSWORD,
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output = (output + d).slice(-20_000);
      if (output.includes("服务已启动")) resolve();
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
  return { url: `http://127.0.0.1:${port}`, output: () => output, stop: () => stopChild(child) };
}

function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The body split by the socket reads that delivered it. */
  reads: string[];
  json: () => any;
}

export interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The client's own address (any 127.x.y.z on Linux), so a test can be several clients. */
  from?: string;
  /** Called with each socket read as it arrives (for streams). */
  onRead?: (chunk: string) => void;
}

/** One request on a fresh connection; https URLs accept the test's self-signed certificate. */
export function send(url: string, o: SendOptions = {}): Promise<Reply> {
  const target = new URL(url);
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      {
        method: o.method ?? (o.body === undefined ? "GET" : "POST"),
        headers: o.headers,
        agent: false,
        localAddress: o.from,
        rejectUnauthorized: false,
      },
      (res) => {
        const reads: string[] = [];
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          reads.push(chunk);
          o.onRead?.(chunk);
        });
        res.on("end", () => {
          const text = reads.join("");
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, reads, json: () => JSON.parse(text) });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(o.body);
  });
}

/** A JSON call to the /api contract; `token` as Bearer, `cookie` as the browser would send it. */
export async function call(
  base: string,
  apiPath: string,
  o: { body?: unknown; token?: string; from?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { accept: "application/json", ...o.headers };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  let body: string | undefined;
  if (o.body !== undefined) {
    body = JSON.stringify(o.body);
    headers["content-type"] = "application/json";
  }
  const reply = await send(base + apiPath, { headers, body, from: o.from });
  if (reply.status !== 200) throw new Error(`HTTP ${reply.status} for ${apiPath}: ${reply.text.slice(0, 300)}`);
  return { envelope: reply.json(), setCookie: reply.headers["set-cookie"] ?? [] };
}

/**
 * A POST whose event stream is read frame by frame. `frames` records, for each frame, the index of the socket
 * read that completed it, so a test can tell frames that arrived separately from frames delivered at once.
 */
export function openStream(url: string, o: SendOptions & { body: string }) {
  const frames: { event: any; read: number }[] = [];
  const waiters: { test: (e: any) => boolean; resolve: () => void }[] = [];
  let buffer = "";
  let read = 0;
  const done = send(url, {
    ...o,
    method: "POST",
    onRead: (chunk) => {
      read += 1;
      const parsed = parseFrames(buffer + chunk);
      buffer = parsed.rest;
      for (const event of parsed.frames) {
        frames.push({ event, read });
        for (const w of waiters.filter((x) => x.test(event))) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve();
        }
      }
    },
  });
  return {
    frames,
    done,
    /** Resolves when a matching frame has arrived; rejects if the stream ends first or nothing comes in time. */
    waitFor(test: (e: any) => boolean, timeoutMs: number) {
      if (frames.some((f) => test(f.event))) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no such frame within ${timeoutMs} ms (buffered?)`)),
          timeoutMs,
        );
        waiters.push({
          test,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
        done.then((reply) => {
          clearTimeout(timer);
          const seen = JSON.stringify(frames.map((f) => f.event.eventType));
          reject(
            new Error(
              `stream ended without the frame (HTTP ${reply.status}, frames ${seen}): ${reply.text.slice(0, 300)}`,
            ),
          );
        }, reject);
      });
    },
  };
}
