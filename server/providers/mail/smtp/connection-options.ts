// How Herald connects to a mailbox's SMTP and IMAP servers: the same options for a password and for
// OAuth 2.0 (XOAUTH2), so the Google and Microsoft providers reuse them with an access token.
import { connect as connectTcp, isIP, type LookupFunction, type Socket } from "node:net";
import type { ImapFlowOptions } from "imapflow";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import type { MailboxHandle, MailServerSettings } from "../types";
import { mailConnectionGuard, type MailHostGuardOptions } from "./mail-host-guard";

/** How to sign in to one of the mailbox's servers. */
export type MailServerAuth = { type: "password"; user: string; pass: string } | { type: "oauth2"; user: string; accessToken: string };

export interface MailConnectionTuning extends MailHostGuardOptions {
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
    // SNI names a host; an IP address is not allowed there (RFC 6066).
    ...(isIP(settings.host) ? {} : { servername: settings.host }),
    minVersion: "TLSv1.2" as const,
    ...(tuning.ca ? { ca: tuning.ca } : {}),
  };
}

/**
 * Opens the TCP connection for SMTP with Nagle's algorithm off. nodemailer leaves it on, and its
 * small writes then wait for the server's delayed ACK: about 40 ms per e-mail, which capped a
 * pooled connection at ~20 e-mails/s on loopback (bench/email-send.ts). nodemailer still does
 * the rest on this socket: TLS from the first byte (it upgrades a handed-over connection when
 * `secure` is set), STARTTLS, greeting and timeouts.
 */
function plainSocket(host: string, port: number, timeoutMs: number, lookup: LookupFunction | undefined) {
  return (_options: unknown, callback: (error: Error | null, socketOptions?: { connection: Socket } | false) => void) => {
    const socket = connectTcp({ host, port, noDelay: true, keepAlive: true, ...(lookup ? { lookup } : {}) });
    let settled = false;
    const settle = (error: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.removeListener("error", settle);
      if (error) {
        socket.destroy();
        callback(error);
      } else {
        callback(null, { connection: socket });
      }
    };
    const timer = setTimeout(() => settle(Object.assign(new Error(`Connection timeout to ${host}:${port}`), { code: "ETIMEDOUT" })), timeoutMs);
    socket.once("connect", () => settle(null));
    socket.once("error", settle);
  };
}

/**
 * nodemailer options for the mailbox's SMTP server, pooled so that one connection carries many
 * e-mails. Throws the refusal of a host that is not public (mail-host-guard.ts); a name is checked
 * against the DNS answer the socket connects to.
 */
export function smtpTransportOptions(handle: MailboxHandle, auth: MailServerAuth, tuning: MailConnectionTuning = {}): SMTPPool.Options {
  const settings = serverSettings(handle, "smtp");
  const { lookup } = mailConnectionGuard("smtp", settings, tuning);
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
    getSocket: plainSocket(settings.host, settings.port, timeout, lookup),
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

/**
 * imapflow options for the mailbox's IMAP server. Throws the refusal of a host that is not public,
 * as smtpTransportOptions does; imapflow hands its `tls` options to net.connect and tls.connect
 * alike, so the checking lookup rides there for plain and TLS connections.
 */
export function imapClientOptions(handle: MailboxHandle, auth: MailServerAuth, tuning: MailConnectionTuning = {}): ImapFlowOptions {
  const settings = serverSettings(handle, "imap");
  const { lookup } = mailConnectionGuard("imap", settings, tuning);
  const timeout = tuning.timeoutMs ?? DEFAULT_MAIL_TIMEOUT_MS;
  return {
    host: settings.host,
    port: settings.port,
    secure: settings.security === "tls",
    doSTARTTLS: settings.security === "starttls" ? true : settings.security === "none" ? false : undefined,
    tls: { ...tlsOptions(settings, tuning), ...(lookup ? { lookup } : {}) },
    auth: auth.type === "password" ? { user: auth.user, pass: auth.pass } : { user: auth.user, accessToken: auth.accessToken },
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: Math.max(timeout * 3, 30_000),
    disableAutoIdle: true,
    logger: false,
    clientInfo: { name: "Herald" },
  };
}
