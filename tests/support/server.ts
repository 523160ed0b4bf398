import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import pg from "pg";
import { loadConfig } from "../../server/config";
import { createHttpApp } from "../../server/http";
import { hashPassword } from "../../server/lib/crypto";
import { createUserWithSpace } from "../../server/modules/auth/service";
import { openPlatform } from "../../server/platform";

export const ADMIN_PASSWORD = "Admin#Pass2026";

export interface Envelope<T = any> {
  code: string;
  displayCode: string;
  message: string;
  data: T;
  tid: string;
  success: boolean;
}

/** A throwaway database on the PostgreSQL named by TEST_DATABASE_URL, or undefined for in-memory PGlite. */
async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return undefined;
  const name = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // pool.end() resolves before its connections have closed; forcing the drop at once would kill them
    // mid-goodbye (57P01, an unhandled error). Wait for them to go, forcing only as a last resort.
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      try {
        for (let attempt = 0; ; attempt++) {
          try {
            await c.query(`drop database if exists ${name}${attempt >= 50 ? " with (force)" : ""}`);
            break;
          } catch (err) {
            if ((err as { code?: string }).code !== "55006" || attempt >= 50) throw err;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      } finally {
        await c.end();
      }
    },
  };
}

/** The real server (API only) on a random port with a fresh database: one per test file. */
export async function startServer(env: Record<string, string> = {}) {
  const postgres = await freshPostgres();
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: "memory://",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    ADMIN_PASSWORD,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    EGRESS_ALLOW: "127.0.0.1", // the fake model listens there; tests of the guard pass their own value
    ...env,
  });
  const { deps, database } = await openPlatform(config);
  const { app } = createHttpApp(deps, database);
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
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
    const userName = overrides.userName ?? `tester${counter}_${randomBytes(2).toString("hex")}`;
    const password = "Passw0rd!";
    const user = await createUserWithSpace(deps, {
      tenantId: 1,
      uid: userName,
      userName,
      nickName: overrides.nickName ?? userName,
      email: overrides.email ?? null,
      role: overrides.role ?? "User",
      resetPass: 1,
      passwordHash: await hashPassword(password),
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
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
      await postgres?.drop();
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startServer>>;
