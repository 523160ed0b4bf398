import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, maskSecret } from "./secret-box";

describe("secret box", () => {
  it("round-trips and never stores the plain text", () => {
    const sealed = encryptSecret("k".repeat(32), "sk-live-123456789");
    expect(sealed).not.toContain("sk-live");
    expect(decryptSecret("k".repeat(32), sealed)).toBe("sk-live-123456789");
  });
  it("refuses a ciphertext under another key or tampered", () => {
    const sealed = encryptSecret("a".repeat(32), "secret");
    expect(() => decryptSecret("b".repeat(32), sealed)).toThrow();
    const parts = sealed.split(":");
    parts[3] = Buffer.from("tampered").toString("base64url");
    expect(() => decryptSecret("a".repeat(32), parts.join(":"))).toThrow();
  });
  it("masks keys", () => {
    expect(maskSecret("sk-abcdefghijklmnop")).toBe("sk-****mnop");
    expect(maskSecret("short")).toBe("********");
    expect(maskSecret(null)).toBe("");
  });
});
