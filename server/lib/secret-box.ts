import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/** AES-256-GCM with a key derived from SECRET_KEY; output is `v1:<iv>:<tag>:<ciphertext>` in base64url. */
function keyOf(secret: string) {
  return createHash("sha256").update(`secret-box:${secret}`).digest();
}

export function encryptSecret(secret: string, plain: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")].join(
    ":",
  );
}

export function decryptSecret(secret: string, sealed: string) {
  const [version, iv, tag, data] = sealed.split(":");
  if (version !== "v1" || !iv || !tag || data === undefined) throw new Error("unsupported secret format");
  const decipher = createDecipheriv("aes-256-gcm", keyOf(secret), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}

/** Shows enough to recognise a key, never enough to use it: `sk-a…9f2c`. */
export function maskSecret(plain: string | null | undefined) {
  if (!plain) return "";
  if (plain.length <= 8) return "********";
  return `${plain.slice(0, 3)}****${plain.slice(-4)}`;
}
