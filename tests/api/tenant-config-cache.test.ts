/**
 * The validated tenant settings are kept with the cached row (every session check reads `authExpire`): a save
 * is seen by the next read at once, one tenant's settings are never another's, and the shared answer is frozen
 * so no caller can change what the next one reads.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findTenantConfigValues, insertTenant, saveTenantConfigValues } from "#server/modules/tenant/repo";
import { getTenantConfig } from "#server/modules/tenant/service";
import { startServer, type TestServer } from "../support/server";

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.close());

describe("cached tenant settings", () => {
  it("are validated once per read of the row and shared frozen, nested lists included", async () => {
    const first = await getTenantConfig(s.deps, 1);
    const second = await getTenantConfig(s.deps, 1);
    expect(second).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.homeRecommendQuestions)).toBe(true);
    expect(() => {
      (first as { siteName: string }).siteName = "改掉";
    }).toThrow(TypeError);
    expect((await getTenantConfig(s.deps, 1)).siteName).not.toBe("改掉");
  });

  it("show a save at the next read, through the API too", async () => {
    const stored = await findTenantConfigValues(s.deps.db, 1);
    const before = await getTenantConfig(s.deps, 1);
    await saveTenantConfigValues(s.deps.db, 1, { ...stored, siteName: "缓存之后的新名字", authExpire: 60 });
    try {
      const after = await getTenantConfig(s.deps, 1);
      expect(after).not.toBe(before);
      expect(after).toMatchObject({ siteName: "缓存之后的新名字", authExpire: 60 });
      expect((await s.call("/api/tenant/config")).data.siteName).toBe("缓存之后的新名字");
    } finally {
      await saveTenantConfigValues(s.deps.db, 1, stored);
    }
    expect((await getTenantConfig(s.deps, 1)).siteName).toBe(before.siteName);
  });

  it("of one tenant are never another tenant's", async () => {
    const other = await insertTenant(s.deps.db, "另一个租户", "");
    await saveTenantConfigValues(s.deps.db, other.id, { siteName: "另一个租户的站点", authExpire: 30 });
    const mine = await getTenantConfig(s.deps, 1);
    const theirs = await getTenantConfig(s.deps, other.id);
    expect(theirs).toMatchObject({ siteName: "另一个租户的站点", authExpire: 30 });
    expect(mine.siteName).not.toBe("另一个租户的站点");
    expect(mine.authExpire).not.toBe(30);
    expect((await s.call("/api/tenant/config")).data.siteName).toBe(mine.siteName);
  });
});
