// What a person connecting an SMTP + IMAP mailbox expects the form to fill in for them: the
// security that goes with a well-known port (and the port that goes with a security), and the IMAP
// server of a host whose SMTP server follows the usual naming.
import type { TMailbox } from "@/server/schemas/mailbox";

export type MailSecurity = NonNullable<TMailbox["settings"]>["smtp"]["security"];
export type MailServerKind = "smtp" | "imap";

const PORTS: Record<MailServerKind, Record<MailSecurity, number>> = {
  smtp: { tls: 465, starttls: 587, none: 25 },
  imap: { tls: 993, starttls: 143, none: 143 },
};

/** The usual port of a server kind under a security: SMTP over TLS 465, STARTTLS 587; IMAP 993 / 143. */
export function defaultPort(kind: MailServerKind, security: MailSecurity): number {
  return PORTS[kind][security];
}

/**
 * The security a well-known port means (465 and 993 speak TLS from the first byte; 587, 25 and 143
 * upgrade with STARTTLS), or null for a port that says nothing.
 */
export function securityForPort(kind: MailServerKind, port: number): MailSecurity | null {
  if (kind === "smtp") return port === 465 ? "tls" : port === 587 || port === 25 || port === 2525 ? "starttls" : null;
  return port === 993 ? "tls" : port === 143 ? "starttls" : null;
}

/** Whether a port is the usual one of some security, i.e. one the form filled in (so it may change it again). */
export function isDefaultPort(kind: MailServerKind, port: number): boolean {
  return Object.values(PORTS[kind]).includes(port);
}

/** "smtp.example.com" → "imap.example.com"; "mail.example.com" stays; anything else: null (no guess). */
export function imapHostFor(smtpHost: string): string | null {
  const host = smtpHost.trim().toLowerCase();
  if (/^smtp\./.test(host)) return host.replace(/^smtp\./, "imap.");
  if (/^mail\./.test(host)) return host;
  return null;
}
