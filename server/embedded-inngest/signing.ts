// Request signing as the Inngest SDK verifies it (inngest v4 helpers/net.js): HMAC-SHA256 keyed with
// the signing key minus its `signkey-<env>-` prefix (as text), over the canonical JSON of the body
// (RFC 8785: keys sorted recursively) followed by the unix timestamp.
import { createHmac } from "node:crypto";

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
