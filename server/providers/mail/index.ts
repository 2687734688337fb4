// The mail providers, one per kind of mailbox (Mailbox.provider). Implementations load lazily so an
// installation that never connects a Google mailbox never loads its code.
import { env } from "../../env";
import type { MailProvider, MailProviderName } from "./types";

const slot: typeof globalThis & { __heraldMailProviders?: Map<MailProviderName, MailProvider> } = globalThis;

function providers(): Map<MailProviderName, MailProvider> {
  slot.__heraldMailProviders ??= new Map();
  return slot.__heraldMailProviders;
}

export async function getMailProvider(name: MailProviderName): Promise<MailProvider> {
  const existing = providers().get(name);
  if (existing) return existing;
  let provider: MailProvider;
  switch (name) {
    case "sandbox": {
      const { createSandboxMailProvider } = await import("./sandbox/sandbox-mail-provider");
      provider = createSandboxMailProvider();
      break;
    }
    case "smtp": {
      const { createSmtpImapProvider } = await import("./smtp/smtp-imap-provider");
      provider = createSmtpImapProvider();
      break;
    }
    case "microsoft-graph": {
      const { graphMailProviderFromEnv } = await import("./graph/graph-mail-provider-from-env");
      provider = graphMailProviderFromEnv(env());
      break;
    }
    case "ses":
    case "postmark":
    case "sendgrid":
    case "mailgun": {
      const { createApiMailProvider } = await import("./api/api-mail-provider");
      provider = createApiMailProvider(name);
      break;
    }
    case "google":
    case "microsoft": {
      const { createOauthMailProvider } = await import("./oauth/oauth-mail-provider");
      provider = createOauthMailProvider(name);
      break;
    }
  }
  providers().set(name, provider);
  return provider;
}

/** Tests replace a provider (e.g. to make it fail in a given way); undefined restores the real one. */
export function setMailProvider(name: MailProviderName, provider: MailProvider | undefined): void {
  if (provider) providers().set(name, provider);
  else providers().delete(name);
}
