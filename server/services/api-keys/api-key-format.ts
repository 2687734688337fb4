import { randomToken, sha256Hex } from "../../lib/crypto";

/** `hk_` then 40 URL-safe random characters (240 bits). */
export const API_KEY_PREFIX = "hk_";
const VISIBLE_LENGTH = 11;

export function generateApiKey(): { key: string; prefix: string; hashedKey: string } {
  const key = `${API_KEY_PREFIX}${randomToken(30)}`;
  return { key, prefix: key.slice(0, VISIBLE_LENGTH), hashedKey: sha256Hex(key) };
}

export function hashApiKey(key: string): string {
  return sha256Hex(key);
}
