import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { hash } from "@node-rs/argon2";
import type { Envelope as ContractEnvelope } from "#contract/envelope";
import { loadConfig } from "#server/config";
import { createHttpApp, HTTP_SERVER_OPTIONS } from "#server/http";
import { createUserWithSpace } from "#server/modules/auth/service";
import { openPlatform } from "#server/platform";
import { ADMIN_PASSWORD, freshPostgres, seedEnv, seededCopy } from "./test-db";

export { ADMIN_PASSWORD };

/** The contract's envelope; tests read `data` loosely unless they name its type. */
export type Envelope<T = any> = ContractEnvelope<T>;

/**
 * newUser's password, hashed once per worker. Argon2 verification takes its cost from the stored hash, so a hash with
 * small memory and time costs makes each newUser sign-in (the real login path, verifying a real argon2id hash) cost
 * a fraction of a CPU-ms instead of ~19; the production parameters are used by every password a test sets itself.
 */
const NEW_USER_PASSWORD = "Passw0rd!";
let newUserHash: Promise<string> | undefined;

/** The real server (API only) on a random port with a fresh database: one per test file. */
export async function startServer(env: Record<string, string> = {}) {
  // The copy of the run's seeded database holds an admin with the default password, not an overridden one.
  const copySeeded = env.ADMIN_PASSWORD === undefined;
  const postgres = await freshPostgres(copySeeded);
  const config = loadConfig({
    ...seedEnv,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    EGRESS_ALLOW: "127.0.0.1", // the fake model listens there; tests of the guard pass their own value
    ...env,
  });
  const snapshot = copySeeded && !postgres ? await seededCopy() : undefined;
  const { deps, database } = await openPlatform(config, { snapshot });
  const { app } = createHttpApp(deps, database);
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1", serverOptions: HTTP_SERVER_OPTIONS });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function call<T = any>(
    path: string,
    opts: {
      method?: string;
      body?: unknown;
      token?: string | null;
      headers?: Record<string, string>;
      raw?: string;
    } = {},
  ): Promise<Envelope<T>> {
    const headers: Record<string, string> = { accept: "application/json", ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.raw !== undefined) body = opts.raw;
    else if (opts.body !== undefined) body = JSON.stringify(opts.body);
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(url + path, {
      method: opts.method ?? (body !== undefined ? "POST" : "GET"),
      headers,
      body,
    });
    if (res.status !== 200) throw new Error(`HTTP ${res.status} for ${path}`);
    return (await res.json()) as Envelope<T>;
  }

  async function login(identifier: string, password: string) {
    const res = await call<{ token: string }>("/api/user/passwordLogin", {
      body: { phoneOrEmail: identifier, password },
    });
    if (res.code !== "0000") throw new Error(`login failed: ${res.message}`);
    return res.data.token;
  }

  let counter = 0;
  /** A fresh enabled user with a password and its Personal space, signed in. */
  async function newUser(
    overrides: { userName?: string; nickName?: string; email?: string; role?: "Admin" | "User" } = {},
  ) {
    counter += 1;
    newUserHash ??= hash(NEW_USER_PASSWORD, { memoryCost: 1024, timeCost: 1 });
    const userName = overrides.userName ?? `tester${counter}_${randomBytes(2).toString("hex")}`;
    const password = NEW_USER_PASSWORD;
    const user = await createUserWithSpace(deps, {
      tenantId: 1,
      uid: userName,
      userName,
      nickName: overrides.nickName ?? userName,
      email: overrides.email ?? null,
      role: overrides.role ?? "User",
      resetPass: 1,
      passwordHash: await newUserHash,
    });
    return { id: user.id, userName, password, token: await login(userName, password) };
  }

  return {
    url,
    deps,
    call,
    login,
    newUser,
    adminToken: () => login("admin", ADMIN_PASSWORD),
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // A file's requests are over when it closes its server: with 65 s keep-alive (keepIdleConnections), a socket
      // a request left open (icons-resign, under fake timers) held close() for its whole idle time.
      (server as Server).closeAllConnections(); // serve() without createServer makes a node:http Server
      await closed;
      await database.close();
      await postgres?.drop();
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startServer>>;
