// Planning a pool day: each participant's first e-mails for its local date, as WarmupEmail rows
// (planned, spread through the working day), addressed to other participants — other domains
// first, never itself, balanced so each receives about as many as it sends. Deterministic and
// idempotent: the rows of a (sender, date) are numbered and their Message-IDs derive from that
// number, so planning again (or two ticks at once) adds only what is missing, never more than the
// day's volume.
import { createHash } from "node:crypto";
import { db } from "../../../db/client";
import { warmupTag } from "../../../domain/mail/warmup-mail";
import { stableFraction } from "../../../domain/sequence/stable-hash";
import { startOfZonedDay } from "../../../lib/time-zones";
import type { TWarmupStrategyValues } from "../../../schemas/mailbox-health";
import type { PoolParticipant } from "./pool-participants";

/** Warmup mail goes out between 08:00 and 18:00 of the sender's day, like a person's. */
const WINDOW_START_HOURS = 8;
const WINDOW_HOURS = 10;

/**
 * First e-mails a day: the day's volume less what the expected replies will take (the middle of the
 * inbox reply range, at most half), so first e-mails and replies together stay within the volume.
 */
export function firstEmailsOnDay(strategy: Pick<TWarmupStrategyValues, "replyInbox">, volume: number): number {
  // At most half the volume is kept for replies, whatever the range: first e-mails come first.
  const replyShare = Math.min(0.5, (strategy.replyInbox[0] + strategy.replyInbox[1]) / 200);
  return Math.max(0, volume - Math.floor(volume * replyShare));
}

export function mailboxKey(mailboxId: string): string {
  return createHash("sha256").update(`herald-warmup:${mailboxId}`).digest("hex").slice(0, 16);
}

/** The Message-ID of a sender's nth first e-mail of a date: the same every time it is planned. */
export function firstEmailMessageId(sender: PoolParticipant, date: string, nth: number): string {
  return `<wu.${date.replaceAll("-", "")}.${nth}.${mailboxKey(sender.mailbox.id)}@${sender.domain || "herald.invalid"}>`;
}

export interface PlanSlot {
  senderId: string;
  senderDomain: string;
}

export interface PlanCandidate {
  id: string;
  domain: string;
  /** Warmup e-mails it should receive today (about what it sends). */
  capacity: number;
  /** Already addressed to it today. */
  received: number;
}

/**
 * Picks a recipient for each slot (pure, deterministic by `seed`): the candidate with the most room
 * left, preferring another domain and one this sender has not written to yet today; never the
 * sender. Null when the sender has nobody to write to.
 */
export function assignRecipients(slots: PlanSlot[], candidates: PlanCandidate[], seed: string): Array<string | null> {
  const load = new Map(candidates.map((candidate) => [candidate.id, candidate.received]));
  const pairs = new Map<string, Map<string, number>>();
  return slots.map((slot, index) => {
    let written = pairs.get(slot.senderId);
    if (!written) pairs.set(slot.senderId, (written = new Map()));
    // Ties go to the first candidate from a point drawn per slot: one hash per slot, not per pair,
    // so a pool of a thousand mailboxes plans in milliseconds.
    const start = Math.floor(stableFraction(`${seed}:${slot.senderId}:${index}`) * candidates.length);
    let best: { id: string; score: number } | null = null;
    for (let step = 0; step < candidates.length; step++) {
      const candidate = candidates[(start + step) % candidates.length]!;
      if (candidate.id === slot.senderId) continue;
      const room = candidate.capacity - (load.get(candidate.id) ?? 0);
      const pair = written.get(candidate.id) ?? 0;
      const score = room * 10 - (candidate.domain === slot.senderDomain ? 15 : 0) - pair * 20;
      if (!best || score > best.score) best = { id: candidate.id, score };
    }
    if (!best) return null;
    load.set(best.id, (load.get(best.id) ?? 0) + 1);
    written.set(best.id, (written.get(best.id) ?? 0) + 1);
    return best.id;
  });
}

/** When the nth of `total` first e-mails of a day goes out: spread over the window, with a little jitter. */
export function scheduledAtFor(sender: PoolParticipant, at: Date, nth: number, total: number, messageId: string): Date {
  const start = startOfZonedDay(at, sender.mailbox.timezone).getTime() + WINDOW_START_HOURS * 3_600_000;
  const offset = ((nth - 1 + stableFraction(`${messageId}:at`)) / Math.max(1, total)) * WINDOW_HOURS * 3_600_000;
  return new Date(start + Math.floor(offset / 1000) * 1000);
}

/** Plans what is missing of the senders' days. Returns how many e-mails it planned. */
export async function planPoolDay(at: Date, pool: PoolParticipant[], senders: PoolParticipant[]): Promise<number> {
  const wanted = senders.map((sender) => ({ sender, total: firstEmailsOnDay(sender.strategy, sender.volume) })).filter((entry) => entry.total > 0);
  if (!wanted.length) return 0;
  const planned = await db.warmupEmail.groupBy({
    by: ["fromMailboxId"],
    where: { OR: wanted.map(({ sender }) => ({ fromMailboxId: sender.mailbox.id, date: sender.date, replyToId: null })) },
    _count: { _all: true },
  });
  const plannedOf = new Map(planned.map((row) => [row.fromMailboxId, row._count._all]));
  const missing = wanted.map((entry) => ({ ...entry, have: plannedOf.get(entry.sender.mailbox.id) ?? 0 })).filter((entry) => entry.have < entry.total);
  if (!missing.length) return 0;

  const received = await db.warmupEmail.groupBy({
    by: ["toMailboxId"],
    where: { OR: pool.map((candidate) => ({ toMailboxId: candidate.mailbox.id, date: candidate.date, replyToId: null })) },
    _count: { _all: true },
  });
  const receivedOf = new Map(received.map((row) => [row.toMailboxId, row._count._all]));

  const rows: Array<{ fromMailboxId: string; toMailboxId: string; messageId: string; tag: string; date: string; scheduledAt: Date; createdAt: Date }> = [];
  for (const group of ["sandbox", "real"] as const) {
    const candidates: PlanCandidate[] = pool
      .filter((candidate) => candidate.group === group)
      .map((candidate) => ({
        id: candidate.mailbox.id,
        domain: candidate.domain,
        capacity: firstEmailsOnDay(candidate.strategy, candidate.volume),
        received: receivedOf.get(candidate.mailbox.id) ?? 0,
      }));
    // Slots taken in turns (one of each sender, then the next round), so early senders do not take all the room.
    const queue = missing.filter(({ sender }) => sender.group === group);
    const slots: Array<PlanSlot & { sender: PoolParticipant; nth: number; total: number }> = [];
    for (let round = 0; queue.some((entry) => entry.have + round < entry.total); round++) {
      for (const entry of queue) {
        const nth = entry.have + round + 1;
        if (nth <= entry.total) slots.push({ senderId: entry.sender.mailbox.id, senderDomain: entry.sender.domain, sender: entry.sender, nth, total: entry.total });
      }
    }
    const seed = `${queue[0]?.sender.date ?? ""}:${group}`;
    const recipients = assignRecipients(slots, candidates, seed);
    slots.forEach((slot, index) => {
      const toMailboxId = recipients[index];
      if (!toMailboxId) return;
      const messageId = firstEmailMessageId(slot.sender, slot.sender.date, slot.nth);
      rows.push({
        fromMailboxId: slot.senderId,
        toMailboxId,
        messageId,
        tag: warmupTag(messageId),
        date: slot.sender.date,
        scheduledAt: scheduledAtFor(slot.sender, at, slot.nth, slot.total, messageId),
        createdAt: at,
      });
    });
  }
  if (!rows.length) return 0;
  // A row planned meanwhile by another tick has the same Message-ID: it is not planned twice.
  const { count } = await db.warmupEmail.createMany({ data: rows, skipDuplicates: true });
  return count;
}
