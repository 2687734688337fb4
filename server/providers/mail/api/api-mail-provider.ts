// An e-mail API provider (SES, Postmark, SendGrid, Mailgun) as a MailProvider, so the executor's
// intent-before-send crash safety, limits and reading work as for any mailbox. Sending and finding
// a sent e-mail go through the provider's transport. Replies: read over IMAP when the person gave
// an IMAP server (Herald's IMAP reading, as for a password mailbox); otherwise they arrive only
// through the provider's inbound webhook, and reading the mailbox finds nothing. API mailboxes take
// no part in Herald's warmup pool: the pool must read its mail in folders (inbox, spam), and SES
// and Postmark forbid warmup traffic in their terms (docs/email-api-providers.md).
import { now } from "@/server/lib/clock";
import { createMailServerProvider } from "../smtp/mail-server-provider";
import { MailProviderError, type MailboxHandle, type MailProvider } from "../types";
import { apiEndpoint, getApiMailTransport } from "./transports";
import { API_MAIL_SEARCH_LAG_MS, type ApiMailCredentials, type ApiMailProviderName } from "./types";

export function apiCredentials(handle: MailboxHandle): ApiMailCredentials {
  if (handle.credentials.kind !== "api") throw new MailProviderError("auth-failed", `The mailbox ${handle.email} has no API key saved: connect it again.`, { field: "apiKey" });
  return handle.credentials;
}

/** The same mailbox as an IMAP reader sees it (the IMAP server doubles as the unused SMTP one), or null without IMAP. */
function imapHandle(handle: MailboxHandle): MailboxHandle | null {
  const imap = handle.credentials.kind === "api" ? handle.credentials.imap : undefined;
  if (!imap) return null;
  const server = { host: imap.host, port: imap.port, security: imap.security, username: imap.username };
  return { ...handle, settings: { smtp: server, imap: server }, credentials: { kind: "password", smtpPassword: imap.password, imapPassword: imap.password } };
}

export function createApiMailProvider(name: ApiMailProviderName): MailProvider {
  const reader = createMailServerProvider("smtp", async (handle) => {
    if (handle.credentials.kind !== "password") throw new MailProviderError("auth-failed", "No IMAP password saved.", { field: "imap.password" });
    return { type: "password", user: handle.settings?.imap.username ?? handle.email, pass: handle.credentials.imapPassword };
  });
  const transport = () => getApiMailTransport(name);

  return {
    name,
    sentSearchLagMs: API_MAIL_SEARCH_LAG_MS[name],

    async verify(handle) {
      await (await transport()).verify(apiCredentials(handle), apiEndpoint(name));
      const imap = imapHandle(handle);
      // A real IMAP sign-in (and a look at the newest message) when replies are to be read there.
      if (imap) await reader.fetchIncoming(imap, { cursor: null, since: now(), limit: 1 });
    },

    async send(handle, email) {
      const sent = await (await transport()).send(apiCredentials(handle), apiEndpoint(name), email);
      return { messageId: email.messageId, acceptedAt: sent.acceptedAt, response: sent.response, providerMessageId: sent.providerMessageId };
    },

    async findSent(handle, messageId, since) {
      return (await transport()).findSent(apiCredentials(handle), apiEndpoint(name), messageId, since);
    },

    async fetchIncoming(handle, input) {
      const imap = imapHandle(handle);
      if (!imap) return { messages: [], cursor: input.cursor };
      return reader.fetchIncoming(imap, input);
    },
  };
}
