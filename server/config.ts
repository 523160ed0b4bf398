import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { parseEgressAllow } from "./runtime/egress/address";

const flag = z.enum(["0", "1", "true", "false"]).transform((v) => v === "1" || v === "true");

const UNITS = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3, tb: 1024 ** 4 } as const;
/** A size such as "1MB", "512 KB" or "1048576" (bytes), read as a byte count. */
const SIZE_RE = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb|tb)?\s*$/i;
const size = z
  .string()
  .regex(SIZE_RE, "必须是大小，例如 1MB、500KB、2GB")
  .transform((v) => {
    const [, n = "0", unit = "b"] = SIZE_RE.exec(v) ?? [];
    return Math.floor(Number(n) * UNITS[unit.toLowerCase() as keyof typeof UNITS]);
  });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "必须是 postgres:// 开头的连接串")
    .optional(),
  SECRET_KEY: z.string().min(32, "至少 32 个字符").optional(),
  ADMIN_PASSWORD: z.string().min(8, "至少 8 个字符").optional(),
  /** The seeded admin's e-mail: the original client's e-mail sign-in form accepts only an address. */
  ADMIN_EMAIL: z
    .string()
    .max(255)
    .regex(/^[^\s@]+@[^\s@]+$/, "必须是邮箱地址")
    .transform((v) => v.toLowerCase())
    .default("admin@localhost"),
  /** First start only: seed the home page's default agent and the square's example agents (seed-examples.ts). */
  SEED_EXAMPLES: flag.default(true),
  TRUST_PROXY: flag.default(false),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(465),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  SMTP_FROM: z.string().optional(),
  SMTP_SECURE: flag.optional(),
  EGRESS_ALLOW: z
    .string()
    .default("")
    .superRefine((value, ctx) => {
      try {
        parseEgressAllow(value);
      } catch (err) {
        ctx.addIssue({ code: "custom", message: (err as Error).message });
      }
    }),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  BODY_LIMIT: size.prefault("1MB"),
  UPLOAD_DAILY_PER_USER: size.prefault("1GB"),
  UPLOAD_DAILY_PER_LINK: size.prefault("200MB"),
  STORAGE_PER_USER: size.prefault("5GB"),
  /** Verification codes one client address may ask for per hour (offices behind one NAT may need more). */
  CODE_SENDS_PER_IP_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Shortest interval a user's trigger or scheduled task may fire at (tests lower it to run per-second crons). */
  CRON_MIN_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  SANDBOX_JS_POOL: z.coerce.number().int().min(1).max(64).default(2),
  SANDBOX_PY_POOL: z.coerce.number().int().min(1).max(16).default(1),
  SANDBOX_MEMORY_MB: z.coerce.number().int().min(32).max(4096).default(128),
  SANDBOX_WARM: flag.default(false),
});

export type Env = z.infer<typeof envSchema>;
export type Config = Env & { SECRET_KEY: string; FILES_DIR: string; IN_MEMORY: boolean };

export class ConfigError extends Error {}

/** Empty strings in the environment mean "unset", as operators expect from `FOO= npm start`. */
function cleanEnv(env: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
}

/** Reads the secret from DATA_DIR, creating it once, so restarts keep tokens and encrypted keys valid. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, "secret.key");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

let memoryFiles: string | undefined;
/**
 * memory:// keeps nothing past the process, uploads included: they go to a directory of the process's own (one for
 * every server it runs), removed when it exits.
 */
function memoryFilesDir() {
  if (!memoryFiles) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "agent-platform-files-"));
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    memoryFiles = dir;
  }
  return memoryFiles;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(cleanEnv(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`配置错误：${issue?.path.join(".")} ${issue?.message}`);
  }
  const e = parsed.data;
  const inMemory = e.DATA_DIR === "memory://";
  const dataDir = inMemory ? e.DATA_DIR : path.resolve(e.DATA_DIR);
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const filesDir = inMemory ? memoryFilesDir() : path.join(dataDir, "files");
  const secret = e.SECRET_KEY ?? (inMemory ? randomBytes(32).toString("hex") : persistentSecret(dataDir));
  return { ...e, DATA_DIR: dataDir, SECRET_KEY: secret, FILES_DIR: filesDir, IN_MEMORY: inMemory };
}

/** For process entries: a bad setting ends start-up with its one Chinese line, not a stack trace. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
