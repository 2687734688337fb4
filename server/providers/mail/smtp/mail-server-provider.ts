// A mailbox on real mail servers: SMTP to send, IMAP to check the sign-in, keep a Sent copy, find
// a sent e-mail again and read new mail. Only how to sign in differs between a password mailbox
// and a Google or Microsoft one (XOAUTH2 with an access token), so both are this provider with
// their own `resolveAuth`.
import nodemailer from "nodemailer";
import MailComposer from "nodemailer/lib/mail-composer/index.js";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import { now } from "@/server/lib/clock";
import { logger } from "@/server/lib/logger";
import type { MailboxHandle, MailProvider, MailProviderName, OutgoingEmail, SentEmail } from "../types";
import { imapClientOptions, serverSettings, smtpTransportOptions, type MailConnectionTuning, type MailServerAuth } from "./connection-options";
import { waitForInbox } from "./imap-idle";
import { readInbox, sentFolderHas, withImap } from "./imap-operations";
import { listWarmupMessages, openWarmupMessages } from "./imap-warmup";
import { createImapSessions } from "./imap-sessions";
import { imapError, smtpSendError, smtpVerifyError } from "./mail-errors";
import { createSmtpPools } from "./smtp-pool";

/** How to sign in to the mailbox's SMTP or IMAP server (may refresh an OAuth token; may throw MailProviderError). */
export type ResolveMailAuth = (handle: MailboxHandle, protocol: "smtp" | "imap") => Promise<MailServerAuth>;

export interface MailServerProviderOptions extends MailConnectionTuning {
  /**
   * Whether Herald appends a copy of each sent e-mail to the Sent folder over IMAP. Gmail's SMTP
   * files one there itself (a second copy would show twice), so the default is off for "google".
   */
  saveCopyToSent?: boolean;
  /** How long an unused pooled SMTP connection, or the IMAP connection for Sent copies, stays open (ms). */
  poolIdleMs?: number;
}

const DEFAULT_FETCH_LIMIT = 100;

/** The e-mail as the bytes that go out: built once, so the Sent copy is exactly what the recipient got. */
export async function composeRawEmail(email: OutgoingEmail, date: Date): Promise<Buffer> {
  const composer = new MailComposer({
    from: { name: email.from.name ?? "", address: email.from.address },
    to: { name: email.to.name ?? "", address: email.to.address },
    subject: email.subject,
    text: email.text,
    ...(email.html !== null ? { html: email.html } : {}),
    messageId: email.messageId,
    ...(email.inReplyTo ? { inReplyTo: email.inReplyTo } : {}),
    ...(email.references.length ? { references: email.references } : {}),
    headers: email.headers,
    date,
  });
  return composer.compile().build();
}

export function createMailServerProvider(name: MailProviderName, resolveAuth: ResolveMailAuth, options: MailServerProviderOptions = {}): MailProvider {
  const tuning: MailConnectionTuning = { timeoutMs: options.timeoutMs, ca: options.ca, resolve: options.resolve };
  const saveCopyToSent = options.saveCopyToSent ?? name !== "google";
  const pools = createSmtpPools(tuning, options.poolIdleMs);
  const imapSessions = createImapSessions(options.poolIdleMs);

  async function verifySmtp(handle: MailboxHandle): Promise<void> {
    const auth = await resolveAuth(handle, "smtp");
    // A one-off connection: the check must really connect and sign in, not reuse a pooled session.
    const { pool: _pool, maxConnections: _connections, maxMessages: _messages, ...single } = smtpTransportOptions(handle, auth, tuning);
    const transporter = nodemailer.createTransport(single as SMTPTransport.Options);
    try {
      await transporter.verify();
    } catch (error) {
      throw smtpVerifyError(serverSettings(handle, "smtp"), auth, error);
    } finally {
      transporter.close();
    }
  }

  async function imap<T>(handle: MailboxHandle, work: Parameters<typeof withImap<T>>[1]): Promise<T> {
    const auth = await resolveAuth(handle, "imap");
    try {
      return await withImap(imapClientOptions(handle, auth, tuning), work);
    } catch (error) {
      throw imapError(serverSettings(handle, "imap"), auth, error);
    }
  }

  async function keepSentCopy(handle: MailboxHandle, raw: Buffer, at: Date, messageId: string): Promise<void> {
    try {
      const auth = await resolveAuth(handle, "imap");
      const saved = await imapSessions
        .use(handle, auth, imapClientOptions(handle, auth, tuning), async (session) => {
          const folder = await session.sentFolder();
          if (!folder) return false;
          await session.client.append(folder, raw, ["\\Seen"], at);
          return true;
        })
        .catch((error: unknown) => {
          throw imapError(serverSettings(handle, "imap"), auth, error);
        });
      if (!saved) logger.warn("The mailbox has no Sent folder: no copy of the sent e-mail was kept", { mailboxId: handle.id, messageId });
    } catch (error) {
      // The e-mail went out; a missing copy in Sent is not worth failing the send over.
      logger.warn("Could not keep a copy of the sent e-mail in the Sent folder", { mailboxId: handle.id, messageId, error });
    }
  }

  return {
    name,

    async verify(handle) {
      // Both checks at once: the connect form waits for the slower one only.
      const [smtp, imapCheck] = await Promise.allSettled([verifySmtp(handle), imap(handle, async () => undefined)]);
      if (smtp.status === "rejected") throw smtp.reason;
      if (imapCheck.status === "rejected") throw imapCheck.reason;
    },

    // Errors: see smtpSendError (mail-errors.ts) for which ones mean nothing was sent.
    async send(handle, email): Promise<SentEmail> {
      const auth = await resolveAuth(handle, "smtp");
      const sentAt = now();
      const raw = await composeRawEmail(email, sentAt);
      let response: string;
      try {
        const info = await pools.use(handle, auth, (transporter) => transporter.sendMail({ envelope: { from: email.from.address, to: [email.to.address] }, raw }));
        response = info.response;
      } catch (error) {
        const failure = smtpSendError(serverSettings(handle, "smtp"), auth, email.to.address, error);
        if (failure.code === "auth-failed") pools.drop(handle.id);
        throw failure;
      }
      const acceptedAt = now();
      if (saveCopyToSent) await keepSentCopy(handle, raw, acceptedAt, email.messageId);
      return { messageId: email.messageId, acceptedAt: acceptedAt.toISOString(), response: response || null };
    },

    // A crash between the server's 250 and the Sent copy leaves no copy: this answers false for an
    // e-mail that did go out. Servers that file their own copy (Gmail) do not have that gap.
    async findSent(handle, messageId, since) {
      return imap(handle, (client) => sentFolderHas(client, messageId, since));
    },

    async fetchIncoming(handle, input) {
      return imap(handle, (client) => readInbox(client, { cursor: input.cursor, since: input.since, limit: input.limit ?? DEFAULT_FETCH_LIMIT }));
    },

    // Herald's warmup pool reads its tagged mail in the INBOX and the spam folder (imap-warmup.ts).
    async listWarmupMail(handle, input) {
      return imap(handle, (client) => listWarmupMessages(client, input.since));
    },

    async openWarmupMail(handle, input) {
      return imap(handle, (client) => openWarmupMessages(client, input.messages));
    },

    // IMAP IDLE on a connection of its own (the reading one is signed out after each read).
    async waitForIncoming(handle, input) {
      const auth = await resolveAuth(handle, "imap");
      try {
        return await waitForInbox(imapClientOptions(handle, auth, tuning), input);
      } catch (error) {
        throw imapError(serverSettings(handle, "imap"), auth, error);
      }
    },
  };
}
