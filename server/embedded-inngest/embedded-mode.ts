// Whether Herald runs its background jobs on the embedded executor, and the keys that connect the
// Inngest SDK in the app to it. With any of the usual INNGEST_* settings, Herald uses that Inngest
// server (Inngest Cloud, a self-hosted Inngest server, or the dev server) and embeds nothing.
import { randomBytes } from "node:crypto";

const INNGEST_SETTINGS = [
  "INNGEST_BASE_URL",
  "INNGEST_API_BASE_URL",
  "INNGEST_EVENT_API_BASE_URL",
  "INNGEST_SIGNING_KEY",
  "INNGEST_EVENT_KEY",
  "INNGEST_DEV",
] as const;

export function usesEmbeddedInngest(source: Record<string, string | undefined> = process.env): boolean {
  return INNGEST_SETTINGS.every((name) => !source[name]);
}

export function generateSigningKey(): string {
  return `signkey-prod-${randomBytes(32).toString("hex")}`;
}

export function generateEventKey(): string {
  return randomBytes(24).toString("hex");
}

/** Points the SDK (client and serve handler) at the embedded executor's event API. */
export function configureSdkForEmbedded(options: { eventApiUrl: string; signingKey: string; eventKey: string }): void {
  process.env.INNGEST_BASE_URL = options.eventApiUrl;
  process.env.INNGEST_SIGNING_KEY = options.signingKey;
  process.env.INNGEST_EVENT_KEY = options.eventKey;
  process.env.HERALD_EMBEDDED_INNGEST = "1";
  delete process.env.INNGEST_STREAMING;
}
