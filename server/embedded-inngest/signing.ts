// Request signing as the Inngest SDK verifies it (inngest v4 helpers/net.js): HMAC-SHA256 keyed with
// the signing key minus its `signkey-<env>-` prefix (as text), over the canonical JSON of the body
// (RFC 8785: keys sorted recursively) followed by the unix timestamp.
import { createHmac, timingSafeEqual } from "node:crypto";

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? "null" : canonicalJson(item))).join(",")}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).filter((key) => record[key] !== undefined).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(",")}}`;
}

function hmacKey(signingKey: string): string {
  return signingKey.replace(/^signkey-[\w]+-/, "");
}

/** The X-Inngest-Signature header for a request body (undefined or "" for an empty body). */
export function signRequest(body: unknown, signingKey: string, unixSeconds: number): string {
  const payload = body === undefined || body === "" ? "" : canonicalJson(body);
  const signature = createHmac("sha256", hmacKey(signingKey)).update(payload + unixSeconds).digest("hex");
  return `t=${unixSeconds}&s=${signature}`;
}

/** Inngest's tolerance for a signature's age (the SDK refuses older ones too). */
const SIGNATURE_MAX_AGE_SECONDS = 5 * 60;

/**
 * Whether an X-Inngest-Signature header signs this raw body with one of the keys, as the SDK checks
 * it: the body's canonical JSON (or nothing for an empty body) and a timestamp at most 5 minutes old.
 */
export function verifyRequestSignature(header: string | null, rawBody: string, signingKeys: readonly string[], nowSeconds: number): boolean {
  if (!header) return false;
  const params = new URLSearchParams(header);
  const timestamp = Number(params.get("t"));
  const signature = params.get("s") ?? "";
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > SIGNATURE_MAX_AGE_SECONDS) return false;
  let body: unknown = "";
  if (rawBody.trim()) {
    try {
      body = JSON.parse(rawBody);
    } catch {
      return false;
    }
  }
  return signingKeys.some((key) => {
    const expected = Buffer.from(new URLSearchParams(signRequest(body, key, timestamp)).get("s") ?? "");
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

/**
 * Signatures carry wall-clock time whatever the injectable clock says: the SDK checks them against
 * its own Date.now() and refuses anything five minutes off.
 */
export function wallClockSeconds(): number {
  // eslint-disable-next-line no-restricted-syntax
  return Math.round(Date.now() / 1000);
}
