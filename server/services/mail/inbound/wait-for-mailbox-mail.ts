// Waiting for new mail where the mailbox's server pushes it (IMAP IDLE), so a reply is read within
// seconds instead of at the next minute's poll. HERALD_MAIL_IDLE_SECONDS (default 45, 0 turns it
// off) bounds one wait; the reading run ends before the next poll starts another.
import { logger } from "../../../lib/logger";
import { mailboxReader } from "./read-mailbox";

const DEFAULT_IDLE_SECONDS = 45;

/** How long a reading run may wait in IDLE for new mail, in milliseconds (0: never, only poll). */
export function mailIdleMs(): number {
  const configured = Number(process.env.HERALD_MAIL_IDLE_SECONDS?.trim() || DEFAULT_IDLE_SECONDS);
  // Not a number: the default, rather than silently turning IDLE off.
  const seconds = Number.isFinite(configured) ? configured : DEFAULT_IDLE_SECONDS;
  return seconds > 0 ? Math.round(seconds * 1000) : 0;
}

/**
 * Waits up to `timeoutMs` for mail to arrive in the mailbox (or to have arrived after its cursor).
 * False at once when its provider or server offers no push, or the mailbox is not one to read;
 * false on a failed wait as well (the next poll reads, and reports the failure if it persists).
 */
export async function waitForMailboxMail(mailboxId: string, timeoutMs: number): Promise<boolean> {
  const reader = await mailboxReader(mailboxId);
  if (!reader?.provider.waitForIncoming || timeoutMs <= 0) return false;
  try {
    return await reader.provider.waitForIncoming(reader.handle, { timeoutMs, cursor: reader.mailbox.readCursor });
  } catch (error) {
    logger.warn("Waiting for new mail failed; the mailbox is polled instead", { mailboxId, error });
    return false;
  }
}
