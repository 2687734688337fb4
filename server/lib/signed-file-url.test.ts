// Signed file addresses: valid until they expire, refused when any part is changed, and still
// accepted after the signing key is rotated (the old key in HERALD_ENCRYPTION_KEY_PREVIOUS).
import { afterEach, describe, expect, it } from "vitest";
import { resetEnv } from "../env";
import { checkFileUrl, FILE_URL_TTL_SECONDS, signedFileUrl } from "./signed-file-url";

const KEY = "audio/wsp_1/3f2a9c.mp3";
const at = new Date("2026-11-24T10:00:00Z");

function parts(url: string) {
  const parsed = new URL(url);
  return { path: parsed.pathname, expires: parsed.searchParams.get("expires"), signature: parsed.searchParams.get("signature") };
}

const saved = { key: process.env.HERALD_ENCRYPTION_KEY, previous: process.env.HERALD_ENCRYPTION_KEY_PREVIOUS, ttl: process.env.HERALD_FILE_URL_TTL_SECONDS };
afterEach(() => {
  process.env.HERALD_ENCRYPTION_KEY = saved.key;
  if (saved.previous === undefined) delete process.env.HERALD_ENCRYPTION_KEY_PREVIOUS;
  else process.env.HERALD_ENCRYPTION_KEY_PREVIOUS = saved.previous;
  if (saved.ttl === undefined) delete process.env.HERALD_FILE_URL_TTL_SECONDS;
  else process.env.HERALD_FILE_URL_TTL_SECONDS = saved.ttl;
  resetEnv();
});

describe("signed file addresses", () => {
  it("point at /api/files/<key> and are valid until they expire, an hour by default", () => {
    const { url, expiresAt } = signedFileUrl(KEY, { at });
    const { path, expires, signature } = parts(url);
    expect(path).toBe(`/api/files/${KEY}`);
    expect(expiresAt.getTime()).toBe(at.getTime() + FILE_URL_TTL_SECONDS * 1000);
    expect(Number(expires)).toBe(expiresAt.getTime() / 1000);
    expect(signature).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(checkFileUrl(KEY, expires, signature, at)).toBe("ok");
    expect(checkFileUrl(KEY, expires, signature, new Date(expiresAt.getTime()))).toBe("ok");
    expect(checkFileUrl(KEY, expires, signature, new Date(expiresAt.getTime() + 1000))).toBe("expired");
  });

  it("last as long as asked, or HERALD_FILE_URL_TTL_SECONDS", () => {
    expect(signedFileUrl(KEY, { at, expiresInSeconds: 120 }).expiresAt.getTime()).toBe(at.getTime() + 120_000);
    process.env.HERALD_FILE_URL_TTL_SECONDS = "600";
    resetEnv();
    expect(signedFileUrl(KEY, { at }).expiresAt.getTime()).toBe(at.getTime() + 600_000);
  });

  it("are refused when the key, the expiry or the signature is changed, or a part is missing", () => {
    const { expires, signature } = parts(signedFileUrl(KEY, { at }).url);
    expect(checkFileUrl("audio/wsp_2/3f2a9c.mp3", expires, signature, at)).toBe("invalid");
    expect(checkFileUrl(KEY, String(Number(expires) + 3600), signature, at)).toBe("invalid");
    const flipped = `${signature!.slice(0, -1)}${signature!.endsWith("A") ? "B" : "A"}`;
    expect(checkFileUrl(KEY, expires, flipped, at)).toBe("invalid");
    expect(checkFileUrl(KEY, null, signature, at)).toBe("invalid");
    expect(checkFileUrl(KEY, expires, null, at)).toBe("invalid");
    expect(checkFileUrl(KEY, `${expires}.5`, signature, at)).toBe("invalid");
    expect(checkFileUrl(KEY, expires, "", at)).toBe("invalid");
  });

  it("an expired address that was also changed is invalid, not merely expired", () => {
    const { expires, signature } = parts(signedFileUrl(KEY, { at, expiresInSeconds: 60 }).url);
    expect(checkFileUrl("audio/other.mp3", expires, signature, new Date(at.getTime() + 3_600_000))).toBe("invalid");
  });

  it("stay valid after a key rotation, and stop when the old key is dropped", () => {
    const oldKey = process.env.HERALD_ENCRYPTION_KEY!;
    const { expires, signature } = parts(signedFileUrl(KEY, { at }).url);
    process.env.HERALD_ENCRYPTION_KEY = "bmV3LWVuY3J5cHRpb24ta2V5LTMyLWJ5dGVzLTAwMDA=";
    expect(checkFileUrl(KEY, expires, signature, at)).toBe("invalid");
    process.env.HERALD_ENCRYPTION_KEY_PREVIOUS = oldKey;
    expect(checkFileUrl(KEY, expires, signature, at)).toBe("ok");
    // New addresses are signed with the new key.
    const fresh = parts(signedFileUrl(KEY, { at }).url);
    expect(fresh.signature).not.toBe(signature);
    delete process.env.HERALD_ENCRYPTION_KEY_PREVIOUS;
    expect(checkFileUrl(KEY, fresh.expires, fresh.signature, at)).toBe("ok");
  });
});
