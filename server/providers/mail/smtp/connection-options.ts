// How Herald connects to a mailbox's SMTP and IMAP servers: the same options for a password and for
// OAuth 2.0 (XOAUTH2), so the Google and Microsoft providers reuse them with an access token.
import type { ImapFlowOptions } from "imapflow";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import type { MailboxHandle, MailServerSettings } from "../types";

/** How to sign in to one of the mailbox's servers. */
export type MailServerAuth = { type: "password"; user: string; pass: string } | { type: "oauth2"; user: string; accessToken: string };

export interface MailConnectionTuning {
  /**
   * How long connecting, the greeting and each answer may take (ms). Short by default so that
   * a wrong host or port fails the connect form in seconds rather than in minutes.
   */
  timeoutMs?: number;
  /** Certificates to trust besides the system's (the tests' self-signed servers). */
  ca?: string | string[];
}

export const DEFAULT_MAIL_TIMEOUT_MS = 10_000;

export function serverSettings(handle: MailboxHandle, protocol: "smtp" | "imap"): MailServerSettings {
  if (!handle.settings) throw new Error(`Mailbox ${handle.id} has no server settings`);
  return handle.settings[protocol];
}

function tlsOptions(settings: MailServerSettings, tuning: MailConnectionTuning) {
  return {
    // Present the host name for SNI also when the host is given as an IP address.
    servername: settings.host,
    minVersion: "TLSv1.2" as const,
    ...(tuning.ca ? { ca: tuning.ca } : {}),
  };
}

/** nodemailer options for the mailbox's SMTP server, pooled so that one connection carries many e-mails. */
export function smtpTransportOptions(handle: MailboxHandle, auth: MailServerAuth, tuning: MailConnectionTuning = {}): SMTPPool.Options {
  const settings = serverSettings(handle, "smtp");
  const timeout = tuning.timeoutMs ?? DEFAULT_MAIL_TIMEOUT_MS;
  return {
    pool: true,
    // Providers throttle parallel sessions per account (Gmail allows few); two connections already
    // saturate a mailbox's daily limit many times over.
    maxConnections: 2,
    maxMessages: 100,
    host: settings.host,
    port: settings.port,
    secure: settings.security === "tls",
    // STARTTLS is required when asked for (never send the password in the clear), and never
    // attempted with "none" (loopback test servers).
    requireTLS: settings.security === "starttls",
    ignoreTLS: settings.security === "none",
    tls: tlsOptions(settings, tuning),
    auth: auth.type === "password" ? { user: auth.user, pass: auth.pass } : { type: "OAuth2", user: auth.user, accessToken: auth.accessToken },
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    // The answer to DATA can take a while on busy servers (content scanning): longer than connecting.
    socketTimeout: Math.max(timeout * 3, 30_000),
    dnsTimeout: timeout,
    logger: false,
    debug: false,
  };
}

/** imapflow options for the mailbox's IMAP server. */
export function imapClientOptions(handle: MailboxHandle, auth: MailServerAuth, tuning: MailConnectionTuning = {}): ImapFlowOptions {
  const settings = serverSettings(handle, "imap");
  const timeout = tuning.timeoutMs ?? DEFAULT_MAIL_TIMEOUT_MS;
  return {
    host: settings.host,
    port: settings.port,
    secure: settings.security === "tls",
    doSTARTTLS: settings.security === "starttls" ? true : settings.security === "none" ? false : undefined,
    tls: tlsOptions(settings, tuning),
    auth: auth.type === "password" ? { user: auth.user, pass: auth.pass } : { user: auth.user, accessToken: auth.accessToken },
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: Math.max(timeout * 3, 30_000),
    disableAutoIdle: true,
    logger: false,
    clientInfo: { name: "Herald" },
  };
}
