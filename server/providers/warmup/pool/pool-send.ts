// Sending the pool's due mail through each sender's real mail provider, crash-safe like a campaign
// e-mail's intent: a row is claimed `sending` before the provider is called and marked `sent` or
// `failed` after. A row a crash left `sending` is never sent again: the provider is asked whether
// it left (findSent); if it cannot tell, the row is marked failed. Warmup mail never writes an
// EmailMessage row and never moves a mailbox's counters, so campaigns, usage and counts stay as
// they were.
import { db } from "../../../db/client";
import type { WarmupEmail } from "../../../db/generated/client";
import { WARMUP_HEADER, warmupMessage, warmupReply } from "../../../domain/mail/warmup-mail";
import { logger } from "../../../lib/logger";
import { now } from "../../../lib/clock";
import { getMailProvider } from "../../mail";
import type { MailProviderName, OutgoingEmail } from "../../mail/types";
import { forEachLimited, POOL_CONCURRENCY } from "./pool-concurrency";
import { poolMailboxHandle, type PoolParticipant } from "./pool-participants";

/** A row `sending` for longer than this was interrupted (a send takes seconds). */
export const INTERRUPTED_AFTER_MS = 10 * 60_000;
/** E-mails one tick sends at most (the rest goes next tick). */
const SEND_BATCH = 500;

function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.length > 300 ? `${message.slice(0, 299)}…` : message;
}

/** Rows a crash left `sending`: sent when the provider saw them leave, failed otherwise (never sent twice). */
export async function reconcileInterrupted(at: Date, senders: Map<string, PoolParticipant>): Promise<{ sent: number; failed: number }> {
  const result = { sent: 0, failed: 0 };
  if (!senders.size) return result;
  const rows = await db.warmupEmail.findMany({
    where: { status: "sending", fromMailboxId: { in: [...senders.keys()] }, sentAt: { lt: new Date(at.getTime() - INTERRUPTED_AFTER_MS) } },
    take: SEND_BATCH,
  });
  for (const row of rows) {
    const sender = senders.get(row.fromMailboxId)!;
    let found: boolean | null = null;
    try {
      const provider = await getMailProvider(sender.mailbox.provider as MailProviderName);
      found = await provider.findSent(poolMailboxHandle(sender.mailbox), row.messageId, new Date((row.sentAt ?? row.scheduledAt).getTime() - INTERRUPTED_AFTER_MS));
    } catch (error) {
      logger.warn("Could not ask whether an interrupted warmup e-mail left; it is marked failed, never sent twice", { warmupEmailId: row.id, error });
    }
    const data = found
      ? { status: "sent" }
      : { status: "failed", error: found === false ? "Interrupted before the mail server took it" : "Interrupted; whether it left could not be told, so it is not sent again" };
    const { count } = await db.warmupEmail.updateMany({ where: { id: row.id, status: "sending" }, data });
    if (count && found) await markReplied(row, at);
    if (count) result[found ? "sent" : "failed"] += 1;
  }
  return result;
}

/** A reply that left marks the e-mail it answers as replied to. */
async function markReplied(row: WarmupEmail, at: Date): Promise<void> {
  if (row.replyToId) await db.warmupEmail.updateMany({ where: { id: row.replyToId, repliedAt: null }, data: { repliedAt: at } });
}

function composeEmail(row: WarmupEmail, sender: PoolParticipant, recipient: Pick<PoolParticipant["mailbox"], "email" | "fromName">, originals: Map<string, Original>): OutgoingEmail {
  const from = { name: sender.mailbox.fromName ?? null, address: sender.mailbox.email };
  const to = { name: recipient.fromName ?? null, address: recipient.email };
  const headers = { [WARMUP_HEADER]: row.tag };
  const original = row.replyToId ? originals.get(row.replyToId) : undefined;
  if (!original) {
    const { subject, text } = warmupMessage(row.messageId, { fromName: from.name, toAddress: to.address });
    return { from, to, subject, text, html: null, messageId: row.messageId, inReplyTo: null, references: [], headers };
  }
  // The original's words come back from its key, as its sender wrote them (the replier is its recipient).
  const first = warmupMessage(original.messageId, { fromName: recipient.fromName ?? null, toAddress: sender.mailbox.email });
  const { subject, text } = warmupReply(row.messageId, { ...first, fromAddress: recipient.email, sentAt: original.sentAt ?? original.scheduledAt });
  return { from, to, subject, text, html: null, messageId: row.messageId, inReplyTo: original.messageId, references: [original.messageId], headers };
}

type Original = Pick<WarmupEmail, "id" | "messageId" | "sentAt" | "scheduledAt">;

/**
 * Sends the due planned mail of these senders: all of a batch claimed `sending` at once, then each
 * sender's e-mails in turn through its provider (a few senders at a time), then the sent ones marked
 * at once. A crash in between leaves them `sending`, for reconcileInterrupted.
 */
export async function sendDuePoolMail(at: Date, senders: Map<string, PoolParticipant>, pool: Map<string, PoolParticipant>): Promise<{ sent: number; failed: number }> {
  const result = { sent: 0, failed: 0 };
  if (!senders.size) return result;
  const due = await db.warmupEmail.findMany({
    where: { status: "planned", fromMailboxId: { in: [...senders.keys()] }, scheduledAt: { lte: at } },
    orderBy: [{ scheduledAt: "asc" }, { id: "asc" }],
    take: SEND_BATCH,
    select: { id: true, toMailboxId: true },
  });
  // The recipient left the pool (paused, stopped, disconnected) after the e-mail was planned.
  const orphans = due.filter((row) => !pool.has(row.toMailboxId)).map((row) => row.id);
  if (orphans.length) {
    const { count } = await db.warmupEmail.updateMany({ where: { id: { in: orphans }, status: "planned" }, data: { status: "failed", error: "The recipient no longer takes part in the warmup pool" } });
    result.failed += count;
  }
  const ids = due.filter((row) => pool.has(row.toMailboxId)).map((row) => row.id);
  if (!ids.length) return result;
  const claimed = await db.warmupEmail.updateManyAndReturn({ where: { id: { in: ids }, status: "planned" }, data: { status: "sending", sentAt: now() } });
  const replyToIds = claimed.flatMap((row) => (row.replyToId ? [row.replyToId] : []));
  const originals = new Map<string, Original>(
    replyToIds.length ? (await db.warmupEmail.findMany({ where: { id: { in: replyToIds } }, select: { id: true, messageId: true, sentAt: true, scheduledAt: true } })).map((row) => [row.id, row]) : [],
  );
  const bySender = new Map<string, WarmupEmail[]>();
  for (const row of claimed.sort((a, b) => a.scheduledAt.getTime() - b.scheduledAt.getTime())) bySender.set(row.fromMailboxId, [...(bySender.get(row.fromMailboxId) ?? []), row]);

  const sent: WarmupEmail[] = [];
  await forEachLimited([...bySender.entries()], POOL_CONCURRENCY, async ([senderId, rows]) => {
    const sender = senders.get(senderId)!;
    const provider = await getMailProvider(sender.mailbox.provider as MailProviderName);
    const handle = poolMailboxHandle(sender.mailbox);
    for (const row of rows) {
      try {
        await provider.send(handle, composeEmail(row, sender, pool.get(row.toMailboxId)!.mailbox, originals));
        sent.push(row);
      } catch (error) {
        logger.warn("A warmup e-mail could not be sent", { warmupEmailId: row.id, mailboxId: row.fromMailboxId, error });
        await db.warmupEmail.updateMany({ where: { id: row.id, status: "sending" }, data: { status: "failed", error: errorText(error) } });
        result.failed += 1;
      }
    }
  });
  if (sent.length) {
    // sentAt stays the moment of the claim: the send followed it within the tick.
    const { count } = await db.warmupEmail.updateMany({ where: { id: { in: sent.map((row) => row.id) }, status: "sending" }, data: { status: "sent" } });
    result.sent += count;
    const answered = sent.flatMap((row) => (row.replyToId ? [row.replyToId] : []));
    if (answered.length) await db.warmupEmail.updateMany({ where: { id: { in: answered }, repliedAt: null }, data: { repliedAt: at } });
  }
  return result;
}
