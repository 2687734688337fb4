// The access token a Google or Microsoft mailbox signs in to SMTP and IMAP with (XOAUTH2): the
// stored one while it has more than a minute left, else a fresh one from the refresh token, handed
// back to the caller to store (encrypted) for the next use.
import { now } from "../../../lib/clock";
import { MailProviderError, type MailboxHandle, type MailCredentials } from "../types";
import { notConfiguredMessage, oauthClient, type OauthMailProviderName } from "./oauth-clients";
import { refreshAccessToken } from "./oauth-tokens";

/** A token this close to its end is renewed first: a send must not start with one that dies mid-session. */
export const ACCESS_TOKEN_MARGIN_MS = 60_000;

export interface XOAuth2Auth {
  type: "oauth2";
  user: string;
  accessToken: string;
}

// SMTP and IMAP ask for a token at the same moment (a connect check runs both): one refresh serves both.
const refreshing = new WeakMap<MailboxHandle, Promise<string>>();

export async function currentAccessToken(provider: OauthMailProviderName, handle: MailboxHandle, protocol: "smtp" | "imap" = "smtp"): Promise<XOAuth2Auth> {
  const user = handle.settings?.[protocol].username ?? handle.email;
  const pending = refreshing.get(handle);
  if (pending) return { type: "oauth2", user, accessToken: await pending };
  const credentials = handle.credentials;
  if (credentials.kind !== "oauth") {
    throw new MailProviderError("auth-failed", "This mailbox has no Google or Microsoft sign-in stored: reconnect it from the Mailboxes page.");
  }
  const at = now();
  const expiresAt = credentials.accessTokenExpiresAt ? Date.parse(credentials.accessTokenExpiresAt) : Number.NaN;
  if (credentials.accessToken && expiresAt - at.getTime() > ACCESS_TOKEN_MARGIN_MS) {
    return { type: "oauth2", user, accessToken: credentials.accessToken };
  }
  const refresh = renew(provider, handle, credentials);
  refreshing.set(handle, refresh);
  try {
    return { type: "oauth2", user, accessToken: await refresh };
  } finally {
    refreshing.delete(handle);
  }
}

async function renew(
  provider: OauthMailProviderName,
  handle: MailboxHandle,
  credentials: Extract<MailCredentials, { kind: "oauth" }>,
): Promise<string> {
  const client = oauthClient(provider);
  if (!client) throw new MailProviderError("auth-failed", `${notConfiguredMessage(provider)}.`);
  const tokens = await refreshAccessToken(client, credentials.refreshToken, now());
  const renewed: MailCredentials = {
    kind: "oauth",
    refreshToken: tokens.refreshToken ?? credentials.refreshToken,
    accessToken: tokens.accessToken,
    accessTokenExpiresAt: tokens.accessTokenExpiresAt.toISOString(),
  };
  // The handle keeps the renewed token too, so a second use in the same pass does not refresh again.
  handle.credentials = renewed;
  await handle.onCredentialsChanged?.(renewed);
  return tokens.accessToken;
}
