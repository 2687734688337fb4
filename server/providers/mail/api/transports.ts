// The e-mail API transports, one per provider, loaded on first use (an installation that never
// connects a Mailgun mailbox never loads its client), with where each sends its calls: the
// provider's own host, or a stand-in named by HERALD_<PROVIDER>_… for tests.
import { env } from "@/server/env";
import type { ApiEndpoint, ApiMailProviderName, ApiMailTransport } from "./types";

const slot: typeof globalThis & { __heraldApiMailTransports?: Map<ApiMailProviderName, ApiMailTransport> } = globalThis;

function transports(): Map<ApiMailProviderName, ApiMailTransport> {
  slot.__heraldApiMailTransports ??= new Map();
  return slot.__heraldApiMailTransports;
}

async function load(name: ApiMailProviderName): Promise<ApiMailTransport> {
  switch (name) {
    case "ses": {
      const { createSesTransport } = await import("./ses/ses-transport");
      const e = env();
      return createSesTransport({ testUrlPrefix: e.NODE_ENV === "production" ? null : (e.HERALD_SNS_TEST_CERT_URL_PREFIX ?? null) });
    }
    case "postmark": {
      const { createPostmarkTransport } = await import("./postmark/postmark-transport");
      return createPostmarkTransport();
    }
    case "sendgrid": {
      const { createSendgridTransport } = await import("./sendgrid/sendgrid-transport");
      return createSendgridTransport();
    }
    case "mailgun": {
      const { createMailgunTransport } = await import("./mailgun/mailgun-transport");
      return createMailgunTransport();
    }
  }
}

export async function getApiMailTransport(name: ApiMailProviderName): Promise<ApiMailTransport> {
  const existing = transports().get(name);
  if (existing) return existing;
  const transport = await load(name);
  transports().set(name, transport);
  return transport;
}

/** Tests replace a transport (e.g. one whose SNS certificates come from a stand-in); undefined restores the real one. */
export function setApiMailTransport(name: ApiMailProviderName, transport: ApiMailTransport | undefined): void {
  if (transport) transports().set(name, transport);
  else transports().delete(name);
}

/** Where a provider's API calls go: HERALD_SES_ENDPOINT, HERALD_POSTMARK_API_URL, … when set (tests), else the official client's default. */
export function apiEndpoint(name: ApiMailProviderName): ApiEndpoint {
  const e = env();
  const baseUrl = { ses: e.HERALD_SES_ENDPOINT, postmark: e.HERALD_POSTMARK_API_URL, sendgrid: e.HERALD_SENDGRID_API_URL, mailgun: e.HERALD_MAILGUN_API_URL }[name];
  return baseUrl ? { baseUrl } : {};
}
