// The keys the embedded executor is started with. Whether it runs at all is decided by
// inngestServerConfigured (inngest/connection.ts); the SDK is connected to it there, by options.
import { randomBytes } from "node:crypto";

export function generateSigningKey(): string {
  return `signkey-prod-${randomBytes(32).toString("hex")}`;
}

export function generateEventKey(): string {
  return randomBytes(24).toString("hex");
}
