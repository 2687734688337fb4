// Short HMAC signatures for things Herald hands out and must later trust again: e-mail links,
// signed file URLs. The key is derived from HERALD_ENCRYPTION_KEY (AUTH_SECRET when it is not set)
// under a label per use, so that no other use of the key can produce a use's signatures. What was
// signed must outlive a key rotation: the keys in HERALD_ENCRYPTION_KEY_PREVIOUS are still accepted.
import { createHmac } from "node:crypto";
import { constantTimeEqual } from "./crypto";

/** 128 bits: unguessable, and it keeps links short. */
const SIGNATURE_BYTES = 16;

function keyMaterials(use: string): string[] {
  const current = process.env.HERALD_ENCRYPTION_KEY?.trim() || process.env.AUTH_SECRET?.trim();
  if (!current) throw new Error(`Neither HERALD_ENCRYPTION_KEY nor AUTH_SECRET is set: Herald cannot sign ${use}.`);
  const previous = (process.env.HERALD_ENCRYPTION_KEY_PREVIOUS ?? "").split(",").map((value) => value.trim()).filter(Boolean);
  return [current, ...previous];
}

/** Derived keys by label and key material: a page with many signatures derives each key once. */
const derivedKeys = new Map<string, Buffer>();

function derivedKey(label: string, material: string): Buffer {
  const cacheKey = `${label}\u0000${material}`;
  let key = derivedKeys.get(cacheKey);
  if (!key) {
    key = createHmac("sha256", material).update(label).digest();
    derivedKeys.set(cacheKey, key);
  }
  return key;
}

function signWith(label: string, material: string, purpose: string, parts: string[]): string {
  // Each part is length-prefixed, so ("ab", "c") and ("a", "bc") never sign alike.
  const message = [purpose, ...parts].map((part) => `${part.length}:${part}`).join("|");
  return createHmac("sha256", derivedKey(label, material)).update(message).digest().subarray(0, SIGNATURE_BYTES).toString("base64url");
}

/** A signer for one use: `label` names the use (and versions it), `use` says it in error messages. */
export function keyedSigner(label: string, use: string) {
  return {
    sign(purpose: string, parts: string[]): string {
      return signWith(label, keyMaterials(use)[0]!, purpose, parts);
    },
    verify(purpose: string, parts: string[], signature: string): boolean {
      return keyMaterials(use).some((material) => constantTimeEqual(signWith(label, material, purpose, parts), signature));
    },
  };
}
