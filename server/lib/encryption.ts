// Secrets at rest (sender credentials, session cookies, TOTP keys, webhook secrets) are encrypted
// with AES-256-GCM under HERALD_ENCRYPTION_KEY. Values name the key they were written with, so the
// key can be rotated: put the old one in HERALD_ENCRYPTION_KEY_PREVIOUS while rows are re-written.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

interface Key {
  id: string;
  bytes: Buffer;
}

function toKey(material: string): Key {
  const trimmed = material.trim();
  const decoded = Buffer.from(trimmed, "base64");
  // A 32-byte base64 key is used as is; any other string is stretched with SHA-256.
  const bytes = decoded.length === 32 && decoded.toString("base64") === trimmed ? decoded : createHash("sha256").update(trimmed).digest();
  return { id: createHash("sha256").update(bytes).digest("hex").slice(0, 8), bytes };
}

function keys(): { current: Key; all: Key[] } {
  const material = process.env.HERALD_ENCRYPTION_KEY;
  if (!material) {
    throw new Error("HERALD_ENCRYPTION_KEY is not set: Herald needs it to store secrets (the runtime generates one into the data folder).");
  }
  const current = toKey(material);
  const previous = (process.env.HERALD_ENCRYPTION_KEY_PREVIOUS ?? "").split(",").filter(Boolean).map(toKey);
  return { current, all: [current, ...previous] };
}

export function encryptSecret(plaintext: string): string {
  const { current } = keys();
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", current.bytes, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", current.id, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ciphertext.toString("base64url")].join(".");
}

export function decryptSecret(value: string): string {
  const [version, keyId, iv, tag, ciphertext] = value.split(".");
  if (version !== "v1" || !keyId || !iv || !tag || ciphertext === undefined) throw new Error("Not an encrypted value");
  const key = keys().all.find((candidate) => candidate.id === keyId);
  if (!key) throw new Error(`Encrypted with key ${keyId}, which is neither HERALD_ENCRYPTION_KEY nor in HERALD_ENCRYPTION_KEY_PREVIOUS`);
  const decipher = createDecipheriv("aes-256-gcm", key.bytes, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}
