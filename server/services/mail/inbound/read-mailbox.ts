// Reading one mailbox: what arrived after its cursor, oldest first, each message taken in by
// recordIncomingEmail, whose transaction also moves the cursor past it. A crash anywhere leaves the
// cursor on the last message stored, so the next read (in any process) goes on from there: nothing
// is read twice, nothing missed. Paused mailboxes are read too (a paused mailbox sends nothing, but
// its replies still stop sequences); mailboxes in error, disconnected or removed are not.
import { db } from "../../../db/client";
import type { Mailbox } from "../../../db/generated/client";
import { now } from "../../../lib/clock";
import { logger } from "../../../lib/logger";
import { getMailProvider } from "../../../providers/mail";
import { isRefusedMailHost } from "../../../providers/mail/smtp/mail-host-guard";
import { isMailProviderError, mailProviderName, type IncomingEmail, type MailboxHandle, type MailProvider } from "../../../providers/mail/types";
import { mailboxHandle } from "../mailboxes/mailbox-handle";
import { markMailboxError } from "../mailboxes/mark-mailbox-error";
import type { IncomingOutcome } from "./inbound-types";
import { findPoolWarmupMail } from "./pool-warmup-mail";
import { recordIncomingEmail } from "./record-incoming-email";
import { recordSkippedEmail } from "./record-skipped-email";

/** Messages asked of the provider at a time. */
const BATCH = 100;
/** Messages one call reads at most unless told otherwise; the rest waits for the next call (`more`). */
const DEFAULT_LIMIT = 1_000;
/** Mail from shortly before the mailbox was connected is read too (clocks differ; IMAP SINCE counts days). */
export const SINCE_MARGIN_MS = 10 * 60_000;
/** Failures in a row of the same message before it is stored bare, without effect, and passed. */
export const MESSAGE_ATTEMPTS = 3;

export interface ReadMailboxResult {
  read: number;
  outcomes: Record<IncomingOutcome, number>;
  /** The limit was reached with more mail possibly waiting. */
  more: boolean;
}

export interface MailboxReader {
  mailbox: Mailbox;
  provider: MailProvider;
  handle: MailboxHandle;
}

function emptyResult(): ReadMailboxResult {
  return { read: 0, outcomes: { reply: 0, "auto-reply": 0, bounce: 0, complaint: 0, unmatched: 0, duplicate: 0, skipped: 0, warmup: 0 }, more: false };
}

/** An error's own words for the mailbox page: its last line (a database error's is the reason), not too long. */
function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const last = message.split("\n").map((line) => line.trim()).filter(Boolean).at(-1) ?? "unknown error";
  return last.length > 300 ? `${last.slice(0, 299)}…` : last;
}

/** The mailbox, its provider and handle, when it is one to read now; null otherwise. */
export async function mailboxReader(mailboxId: string): Promise<MailboxReader | null> {
  const mailbox = await db.mailbox.findUnique({ where: { id: mailboxId } });
  if (!mailbox || mailbox.status !== "connected") return null;
  const provider = await getMailProvider(mailProviderName(mailbox.provider));
  return { mailbox, provider, handle: mailboxHandle(mailbox) };
}

/**
 * A failed read: a refused sign-in, or a server at an address the installation does not connect to,
 * puts the mailbox in error (it must be reconnected); anything else is tried again next time.
 */
export async function readFailed(mailbox: Mailbox, error: unknown): Promise<void> {
  if (isRefusedMailHost(error) || (isMailProviderError(error) && (error.code === "auth-failed" || error.code === "oauth-expired"))) {
    await markMailboxError(mailbox.id, error);
    return;
  }
  logger.warn("Reading a mailbox failed; it is read again next time", { mailboxId: mailbox.id, error });
  await db.mailbox.updateMany({ where: { id: mailbox.id }, data: { readError: `Reading new mail failed: ${errorText(error)}` } });
}

const ATTEMPT = /\(attempt (\d+) of \d+\)/;

/**
 * Takes one message in; on failure counts the attempt in readError (the cursor has not moved, so
 * the failing message is the same one next time) and returns null, or, at the last attempt,
 * stores it bare and goes on.
 */
async function takeIn(mailbox: Mailbox, email: IncomingEmail): Promise<IncomingOutcome | null> {
  try {
    return await recordIncomingEmail(mailbox, email, email.uid, { warmupChecked: true });
  } catch (error) {
    const before = mailbox.readError ? ATTEMPT.exec(mailbox.readError) : null;
    const attempt = (before ? Number(before[1]) : 0) + 1;
    if (attempt >= MESSAGE_ATTEMPTS) {
      await recordSkippedEmail(mailbox, email, `Could not be taken in after ${attempt} attempts: ${errorText(error)}`);
      return "skipped";
    }
    const received = Number.isNaN(Date.parse(email.receivedAt)) ? "" : ` received ${email.receivedAt.slice(0, 16).replace("T", " ")} UTC`;
    const readError = `A message${received} could not be taken in (attempt ${attempt} of ${MESSAGE_ATTEMPTS}): ${errorText(error)}`;
    logger.warn("An incoming e-mail could not be taken in; it is tried again next time", { mailboxId: mailbox.id, uid: email.uid, attempt, error });
    await db.mailbox.updateMany({ where: { id: mailbox.id }, data: { readError } });
    return null;
  }
}

/** Moves the cursor past warmup mail (unless another reader moved it meanwhile). */
async function passWarmup(mailbox: Mailbox, uid: string): Promise<null> {
  await db.mailbox.updateMany({ where: { id: mailbox.id, readCursor: mailbox.readCursor }, data: { readCursor: uid } });
  mailbox.readCursor = uid;
  return null;
}

/** Reads with a reader already loaded (the IDLE loop reuses it). */
export async function readWith(reader: MailboxReader, options: { limit?: number } = {}): Promise<ReadMailboxResult> {
  const { mailbox, provider, handle } = reader;
  const limit = options.limit ?? DEFAULT_LIMIT;
  const result = emptyResult();
  const since = new Date(mailbox.createdAt.getTime() - SINCE_MARGIN_MS);
  while (result.read < limit) {
    const want = Math.min(BATCH, limit - result.read);
    let batch: Awaited<ReturnType<MailProvider["fetchIncoming"]>>;
    try {
      batch = await provider.fetchIncoming(handle, { cursor: mailbox.readCursor, since, limit: want });
    } catch (error) {
      await readFailed(mailbox, error);
      return result;
    }
    // The pool's warmup mail (tagged, and sent by the pool: one query for the batch) is passed over
    // without being taken in: the cursor moves past a run of it at once, before the next message is
    // taken in or at the end of the batch. Reports on pool mail are passed over by recordIncomingEmail.
    let warmup: Set<IncomingEmail>;
    try {
      warmup = await findPoolWarmupMail(batch.messages);
    } catch (error) {
      await readFailed(mailbox, error);
      return result;
    }
    let passedTo: string | null = null;
    for (const email of batch.messages) {
      if (warmup.has(email)) {
        passedTo = email.uid;
        result.read += 1;
        result.outcomes.warmup += 1;
        continue;
      }
      if (passedTo !== null) passedTo = await passWarmup(mailbox, passedTo);
      const outcome = await takeIn(mailbox, email);
      if (outcome === null) return result;
      result.read += 1;
      result.outcomes[outcome] += 1;
      mailbox.readCursor = email.uid;
      mailbox.readError = null;
    }
    if (passedTo !== null) await passWarmup(mailbox, passedTo);
    // The provider's position can be past the last message (none arrived yet, or the last ones
    // were deleted meanwhile): keep it, unless another reader moved the cursor in between.
    if (batch.cursor !== null && batch.cursor !== mailbox.readCursor) {
      await db.mailbox.updateMany({ where: { id: mailbox.id, readCursor: mailbox.readCursor }, data: { readCursor: batch.cursor } });
      mailbox.readCursor = batch.cursor;
    }
    if (batch.messages.length < want) break;
  }
  result.more = result.read >= limit;
  await db.mailbox.updateMany({ where: { id: mailbox.id }, data: { lastReadAt: now(), readError: null } });
  return result;
}

/** Reads what arrived in the mailbox since its cursor (at most `limit` messages). */
export async function readMailbox(mailboxId: string, options: { limit?: number } = {}): Promise<ReadMailboxResult> {
  const reader = await mailboxReader(mailboxId);
  if (!reader) return emptyResult();
  return readWith(reader, options);
}
