// Google and Microsoft mailboxes: the same SMTP and IMAP code as password mailboxes
// (../smtp/mail-server-provider.ts), signing in with XOAUTH2 and an access token that is renewed
// from the stored refresh token when it is missing or about to end.
import { createMailServerProvider, type MailServerProviderOptions } from "../smtp/mail-server-provider";
import { isMailProviderError, MailProviderError, type MailboxHandle, type MailProvider } from "../types";
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
  // The handle is completed in place, as renewed tokens are stored on it: the caller's next use of
  // the same handle neither looks them up nor refreshes again.
  function withServers(handle: MailboxHandle): MailboxHandle {
    if (handle.settings) return handle;
    const client = oauthClient(name);
    if (!client) throw new MailProviderError("auth-failed", `${notConfiguredMessage(name)}.`);
    handle.settings = oauthMailboxSettings(client, handle.email);
    return handle;
  }

  /**
   * A server that refuses an access token which has not expired yet means the grant was revoked
   * (or the password changed): one refresh tells, and a refused refresh is `oauth-expired`
   * ("reconnect it") rather than a bare sign-in refusal. Safe for a send too: nothing goes out
   * before the sign-in succeeds.
   */
  async function withTokenRecheck<T>(given: MailboxHandle, work: (handle: MailboxHandle) => Promise<T>): Promise<T> {
    const handle = withServers(given);
    const tokenBefore = handle.credentials.kind === "oauth" ? handle.credentials.accessToken : null;
    try {
      return await work(handle);
    } catch (error) {
      const credentials = handle.credentials;
      const refreshedMeanwhile = credentials.kind === "oauth" && credentials.accessToken !== tokenBefore;
      if (!isMailProviderError(error) || error.code !== "auth-failed" || credentials.kind !== "oauth" || !tokenBefore || refreshedMeanwhile) throw error;
      handle.credentials = { ...credentials, accessToken: null, accessTokenExpiresAt: null };
      return work(handle);
    }
  }

  return {
    name,
    verify: (handle) => withTokenRecheck(handle, (current) => servers.verify(current)),
    send: (handle, email) => withTokenRecheck(handle, (current) => servers.send(current, email)),
    findSent: (handle, messageId, since) => withTokenRecheck(handle, (current) => servers.findSent(current, messageId, since)),
    fetchIncoming: (handle, input) => withTokenRecheck(handle, (current) => servers.fetchIncoming(current, input)),
    waitForIncoming: (handle, input) => withTokenRecheck(handle, (current) => servers.waitForIncoming!(current, input)),
    listWarmupMail: (handle, input) => withTokenRecheck(handle, (current) => servers.listWarmupMail!(current, input)),
    openWarmupMail: (handle, input) => withTokenRecheck(handle, (current) => servers.openWarmupMail!(current, input)),
  };
}
