// One pooled SMTP transporter per mailbox, so consecutive e-mails reuse a signed-in connection
// instead of paying connect + TLS + AUTH each time. A transporter is keyed by the mailbox and a
// hash of its settings and secret: new settings or a renewed OAuth token replace it; one unused
// for a while is closed.
import { createHash } from "node:crypto";
import nodemailer, { type Transporter } from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import type { MailboxHandle } from "../types";
import { smtpTransportOptions, type MailConnectionTuning, type MailServerAuth } from "./connection-options";

const IDLE_MS = 60_000;

interface PoolEntry {
  key: string;
  transporter: Transporter<SMTPPool.SentMessageInfo>;
  idleTimer: NodeJS.Timeout | null;
  inFlight: number;
  /** Replaced by a transporter with newer settings or secret: closes once its last send finished. */
  retired: boolean;
}

export interface SmtpPools {
  /** Runs `work` with the mailbox's pooled transporter. */
  use<T>(handle: MailboxHandle, auth: MailServerAuth, work: (transporter: Transporter<SMTPPool.SentMessageInfo>) => Promise<T>): Promise<T>;
  /** Closes the mailbox's transporter (after an auth failure, so the next send signs in afresh). */
  drop(mailboxId: string): void;
  closeAll(): void;
}

function poolKey(handle: MailboxHandle, auth: MailServerAuth): string {
  const secret = auth.type === "password" ? auth.pass : auth.accessToken;
  return createHash("sha256").update(JSON.stringify([handle.id, handle.settings?.smtp, auth.type, auth.user, secret])).digest("hex");
}

export function createSmtpPools(tuning: MailConnectionTuning = {}, idleMs = IDLE_MS): SmtpPools {
  const entries = new Map<string, PoolEntry>();

  function close(mailboxId: string, entry: PoolEntry) {
    if (entries.get(mailboxId) === entry) entries.delete(mailboxId);
    if (entry.idleTimer) clearTimeout(entry.idleTimer);
    entry.idleTimer = null;
    // Closing the pool breaks the connections of sends still running, which would then not know
    // whether their e-mail went out: those finish first.
    if (entry.inFlight > 0) entry.retired = true;
    else entry.transporter.close();
  }

  function entryFor(handle: MailboxHandle, auth: MailServerAuth): PoolEntry {
    const key = poolKey(handle, auth);
    const existing = entries.get(handle.id);
    if (existing?.key === key) return existing;
    if (existing) close(handle.id, existing);
    const entry: PoolEntry = { key, transporter: nodemailer.createTransport(smtpTransportOptions(handle, auth, tuning)), idleTimer: null, inFlight: 0, retired: false };
    entries.set(handle.id, entry);
    return entry;
  }

  return {
    async use(handle, auth, work) {
      const entry = entryFor(handle, auth);
      if (entry.idleTimer) clearTimeout(entry.idleTimer);
      entry.idleTimer = null;
      entry.inFlight += 1;
      try {
        return await work(entry.transporter);
      } finally {
        entry.inFlight -= 1;
        if (entry.inFlight === 0) {
          if (entry.retired) {
            entry.transporter.close();
          } else if (entries.get(handle.id) === entry) {
            entry.idleTimer = setTimeout(() => close(handle.id, entry), idleMs);
            entry.idleTimer.unref();
          }
        }
      }
    },
    drop(mailboxId) {
      const entry = entries.get(mailboxId);
      if (entry) close(mailboxId, entry);
    },
    closeAll() {
      for (const [mailboxId, entry] of [...entries]) close(mailboxId, entry);
    },
  };
}
