import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "config-test-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The error loadConfig throws for this environment (or a failure when it throws none). */
function errorFor(env: Record<string, string>) {
  try {
    loadConfig({ DATA_DIR: "memory://", ...env });
  } catch (err) {
    return err;
  }
  throw new Error("expected a ConfigError");
}

describe("loadConfig", () => {
  it("stops on a bad PORT with one line naming PORT", () => {
    for (const PORT of ["abc", "70000", "-1", "3.5"]) {
      const err = errorFor({ PORT });
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as Error).message).toContain("PORT");
      expect((err as Error).message).not.toContain("\n");
    }
  });

  it("names the setting for other bad values too", () => {
    expect((errorFor({ SECRET_KEY: "short" }) as Error).message).toContain("SECRET_KEY");
    expect((errorFor({ DATABASE_URL: "mysql://x" }) as Error).message).toContain("DATABASE_URL");
    expect((errorFor({ TRUST_PROXY: "yes" }) as Error).message).toContain("TRUST_PROXY");
    expect((errorFor({ LOG_LEVEL: "loud" }) as Error).message).toContain("LOG_LEVEL");
    expect((errorFor({ ADMIN_PASSWORD: "1234" }) as Error).message).toContain("ADMIN_PASSWORD");
  });

  it("applies defaults and treats empty values as unset", () => {
    const config = loadConfig({ DATA_DIR: "memory://", PORT: "", TRUST_PROXY: "", SMTP_HOST: "" });
    expect(config.PORT).toBe(3000);
    expect(config.TRUST_PROXY).toBe(false);
    expect(config.SMTP_HOST).toBeUndefined();
    expect(config.IN_MEMORY).toBe(true);
    expect(loadConfig({ DATA_DIR: "memory://", PORT: "8080", TRUST_PROXY: "1" })).toMatchObject({
      PORT: 8080,
      TRUST_PROXY: true,
    });
  });

  it("generates SECRET_KEY once into DATA_DIR and keeps it across loads", () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.SECRET_KEY.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dir, "secret.key");
    expect(readFileSync(file, "utf8").trim()).toBe(first.SECRET_KEY);
    expect(statSync(file).mode & 0o077).toBe(0);
    const second = loadConfig({ DATA_DIR: dir });
    expect(second.SECRET_KEY).toBe(first.SECRET_KEY);
    expect(second.DATA_DIR).toBe(path.resolve(dir));
    expect(second.FILES_DIR).toBe(path.join(path.resolve(dir), "files"));
    // Another data directory gets its own secret.
    expect(loadConfig({ DATA_DIR: tempDir() }).SECRET_KEY).not.toBe(first.SECRET_KEY);
  });

  it("prefers an explicit SECRET_KEY and does not write it to disk", () => {
    const dir = tempDir();
    const key = "k".repeat(40);
    expect(loadConfig({ DATA_DIR: dir, SECRET_KEY: key }).SECRET_KEY).toBe(key);
    expect(() => statSync(path.join(dir, "secret.key"))).toThrow();
  });

  it("creates a missing DATA_DIR", () => {
    const dir = path.join(tempDir(), "nested", "data");
    loadConfig({ DATA_DIR: dir });
    expect(statSync(dir).isDirectory()).toBe(true);
  });

  it("keeps memory:// uploads in one directory of the process's own, gone when the process exits", () => {
    // The child writes an upload where both of its servers' configurations put them, then exits.
    const script = [
      `import { writeFileSync } from "node:fs";`,
      `import { loadConfig } from ${JSON.stringify(path.resolve("server/config.ts"))};`,
      `const [a, b] = [loadConfig({ DATA_DIR: "memory://" }), loadConfig({ DATA_DIR: "memory://" })];`,
      `if (a.FILES_DIR !== b.FILES_DIR) throw new Error("two directories");`,
      `writeFileSync(a.FILES_DIR + "/upload", "x");`,
      `console.log(a.FILES_DIR);`,
    ].join("\n");
    const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    const dir = out.trim();
    expect(path.dirname(dir)).toBe(tmpdir());
    expect(existsSync(dir)).toBe(false);
  });
});
