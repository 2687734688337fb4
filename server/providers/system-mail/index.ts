// The installation's system mailbox: one SMTP account the operator sets (HERALD_SYSTEM_SMTP_SERVER,
// HERALD_SYSTEM_MAIL_FROM and optionally a username and password) through which Herald sends its own
// e-mails, such as invitations. Not a workspace's mailbox: nothing here is tracked, warmed or counted.
// Its host is the operator's, not a user's, so the private-address guard does not apply (docs/security.md).
import nodemailer from "nodemailer";
import { env } from "../../env";

/** The settings that set the system mailbox up, named where Herald explains why it sent nothing. */
export const SYSTEM_MAILBOX_SETTINGS = "HERALD_SYSTEM_SMTP_SERVER and HERALD_SYSTEM_MAIL_FROM";
const SEND_TIMEOUT_MS = 15_000;

export function systemMailboxConfigured(): boolean {
  const e = env();
  return Boolean(e.HERALD_SYSTEM_SMTP_SERVER && e.HERALD_SYSTEM_MAIL_FROM);
}

export interface SystemMail {
  to: string;
  subject: string;
  text: string;
}

/** Sends one e-mail through the system mailbox; throws when it is not set up or the server refuses. */
export async function sendSystemMail(mail: SystemMail): Promise<void> {
  const e = env();
  const server = e.HERALD_SYSTEM_SMTP_SERVER;
  if (!server || !e.HERALD_SYSTEM_MAIL_FROM) throw new Error(`No system mailbox is set up (${SYSTEM_MAILBOX_SETTINGS})`);
  const transport = nodemailer.createTransport({
    host: server.host,
    port: server.port,
    secure: server.security === "tls",
    requireTLS: server.security === "starttls",
    ignoreTLS: server.security === "none",
    auth: e.HERALD_SYSTEM_SMTP_USERNAME ? { user: e.HERALD_SYSTEM_SMTP_USERNAME, pass: e.HERALD_SYSTEM_SMTP_PASSWORD ?? "" } : undefined,
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  });
  try {
    await transport.sendMail({ from: e.HERALD_SYSTEM_MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text });
  } finally {
    transport.close();
  }
}
