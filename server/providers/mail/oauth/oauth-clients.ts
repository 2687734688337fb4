// Google's and Microsoft's OAuth 2.0 clients as this Herald is configured: the client id and secret
// (settings an administrator sets), the endpoints, the scopes that let Herald send and read over
// SMTP and IMAP with XOAUTH2, and the mail servers. A provider without a client id and secret is
// "not configured" and its mailboxes are not offered.
import { env } from "../../../env";
import type { MailServerSettings } from "../types";

export type OauthMailProviderName = "google" | "microsoft";

export const OAUTH_MAIL_PROVIDERS: readonly OauthMailProviderName[] = ["google", "microsoft"];

export type MailServer = Omit<MailServerSettings, "username">;

export interface OauthClient {
  provider: OauthMailProviderName;
  /** "Google", "Microsoft": for messages. */
  displayName: string;
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** Where the address is read when the id_token lacks it (Google only). */
  userinfoUrl: string | null;
  scopes: string[];
  /** Parameters the provider needs on the authorize URL besides the standard ones. */
  extraAuthorizeParams: Record<string, string>;
  smtp: MailServer;
  imap: MailServer;
  /** The settings an administrator sets to offer this provider. */
  settingNames: [string, string];
}

/** Which settings turn a provider on, for the "not configured" message. */
export const OAUTH_CLIENT_SETTINGS: Record<OauthMailProviderName, [string, string]> = {
  google: ["HERALD_GOOGLE_CLIENT_ID", "HERALD_GOOGLE_CLIENT_SECRET"],
  microsoft: ["HERALD_MICROSOFT_CLIENT_ID", "HERALD_MICROSOFT_CLIENT_SECRET"],
};

export const OAUTH_PROVIDER_DISPLAY_NAMES: Record<OauthMailProviderName, string> = { google: "Google", microsoft: "Microsoft" };

/** The client for a provider, or null when this Herald has no client id and secret for it. */
export function oauthClient(provider: OauthMailProviderName): OauthClient | null {
  const settings = env();
  if (provider === "google") {
    if (!settings.HERALD_GOOGLE_CLIENT_ID || !settings.HERALD_GOOGLE_CLIENT_SECRET) return null;
    return {
      provider,
      displayName: "Google",
      clientId: settings.HERALD_GOOGLE_CLIENT_ID,
      clientSecret: settings.HERALD_GOOGLE_CLIENT_SECRET,
      authorizeUrl: settings.HERALD_GOOGLE_AUTHORIZE_URL ?? "https://accounts.google.com/o/oauth2/v2/auth",
      tokenUrl: settings.HERALD_GOOGLE_TOKEN_URL ?? "https://oauth2.googleapis.com/token",
      userinfoUrl: settings.HERALD_GOOGLE_USERINFO_URL ?? "https://openidconnect.googleapis.com/v1/userinfo",
      // https://mail.google.com/ is the one scope Gmail accepts for IMAP and SMTP.
      scopes: ["openid", "email", "https://mail.google.com/"],
      // offline: a refresh token; consent: Google sends the refresh token again on a reconnect.
      extraAuthorizeParams: { access_type: "offline", prompt: "consent" },
      smtp: settings.HERALD_GOOGLE_SMTP_SERVER ?? { host: "smtp.gmail.com", port: 465, security: "tls" },
      imap: settings.HERALD_GOOGLE_IMAP_SERVER ?? { host: "imap.gmail.com", port: 993, security: "tls" },
      settingNames: OAUTH_CLIENT_SETTINGS.google,
    };
  }
  if (!settings.HERALD_MICROSOFT_CLIENT_ID || !settings.HERALD_MICROSOFT_CLIENT_SECRET) return null;
  const tenant = encodeURIComponent(settings.HERALD_MICROSOFT_TENANT);
  return {
    provider,
    displayName: "Microsoft",
    clientId: settings.HERALD_MICROSOFT_CLIENT_ID,
    clientSecret: settings.HERALD_MICROSOFT_CLIENT_SECRET,
    authorizeUrl: settings.HERALD_MICROSOFT_AUTHORIZE_URL ?? `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/authorize`,
    tokenUrl: settings.HERALD_MICROSOFT_TOKEN_URL ?? `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/token`,
    userinfoUrl: null,
    // offline_access: a refresh token. The Outlook scopes are the ones Exchange Online accepts for
    // SMTP AUTH and IMAP with XOAUTH2.
    scopes: ["openid", "email", "offline_access", "https://outlook.office.com/SMTP.Send", "https://outlook.office.com/IMAP.AccessAsUser.All"],
    extraAuthorizeParams: {},
    smtp: settings.HERALD_MICROSOFT_SMTP_SERVER ?? { host: "smtp.office365.com", port: 587, security: "starttls" },
    imap: settings.HERALD_MICROSOFT_IMAP_SERVER ?? { host: "outlook.office365.com", port: 993, security: "tls" },
    settingNames: OAUTH_CLIENT_SETTINGS.microsoft,
  };
}

/** The plain-words reason a provider is not offered. */
export function notConfiguredMessage(provider: OauthMailProviderName): string {
  const [id, secret] = OAUTH_CLIENT_SETTINGS[provider];
  return `${OAUTH_PROVIDER_DISPLAY_NAMES[provider]} mailboxes are not configured on this Herald: an administrator sets ${id} and ${secret}`;
}

/** The server settings a Google or Microsoft mailbox is stored with (the address signs in to both). */
export function oauthMailboxSettings(client: OauthClient, email: string): { smtp: MailServerSettings; imap: MailServerSettings } {
  return { smtp: { ...client.smtp, username: email }, imap: { ...client.imap, username: email } };
}
