// Google and Microsoft mailboxes: the same SMTP and IMAP code as password mailboxes
// (../smtp/mail-server-provider.ts), signing in with XOAUTH2 and an access token that is renewed
// from the stored refresh token when it is missing or about to end.
import { createMailServerProvider, type MailServerProviderOptions } from "../smtp/mail-server-provider";
import { MailProviderError, type MailboxHandle, type MailProvider } from "../types";
import { currentAccessToken } from "./oauth-access-token";
import { notConfiguredMessage, oauthClient, oauthMailboxSettings, type OauthMailProviderName } from "./oauth-clients";

export function createOauthMailProvider(name: OauthMailProviderName, options: MailServerProviderOptions = {}): MailProvider {
  const servers = createMailServerProvider(name, (handle, protocol) => currentAccessToken(name, handle, protocol), {
    // Gmail and Exchange Online both file what their SMTP servers send in the Sent folder
    // themselves: a copy from Herald would show twice.
    saveCopyToSent: false,
    ...options,
  });

  // A mailbox stored without server settings uses the provider's (Herald stores them at connect).
  function withServers(handle: MailboxHandle): MailboxHandle {
    if (handle.settings) return handle;
    const client = oauthClient(name);
    if (!client) throw new MailProviderError("auth-failed", `${notConfiguredMessage(name)}.`);
    return { ...handle, settings: oauthMailboxSettings(client, handle.email) };
  }

  return {
    name,
    verify: (handle) => servers.verify(withServers(handle)),
    send: (handle, email) => servers.send(withServers(handle), email),
    findSent: (handle, messageId, since) => servers.findSent(withServers(handle), messageId, since),
    fetchIncoming: (handle, input) => servers.fetchIncoming(withServers(handle), input),
  };
}
