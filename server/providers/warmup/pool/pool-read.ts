// The recipient's side of the pool: finding the tagged warmup mail that arrived and where it landed
// (inbox, spam, Promotions), opening it, rescuing it from spam and Promotions (moved to the inbox,
// marked not spam), and replying at the rates of the SENDER's strategy (its warmup asks for the
// replies): replyInbox [min, max] % of what landed in the inbox, replyPromotions of Promotions,
// replySpam % of spam. Draws are deterministic (keyed by the e-mail). Replies are warmup mail too
// (tagged, threaded with In-Reply-To); they count in the replier's day volume and are not answered.
import { createHash } from "node:crypto";
import { db } from "../../../db/client";
import type { WarmupEmail } from "../../../db/generated/client";
import { warmupTag } from "../../../domain/mail/warmup-mail";
import { stableFraction } from "../../../domain/sequence/stable-hash";
import { logger } from "../../../lib/logger";
import { getMailProvider } from "../../mail";
import type { MailProviderName, WarmupMailFolder, WarmupMailFound } from "../../mail/types";
import type { TWarmupStrategyValues } from "../../../schemas/mailbox-health";
import { forEachLimited, POOL_CONCURRENCY } from "./pool-concurrency";
import { poolMailboxHandle, type PoolParticipant } from "./pool-participants";

/** How far back a read looks for warmup mail not found yet. */
const LOOK_BACK_MS = 3 * 86_400_000;
/** A reply goes out between 15 minutes and 2 hours after the e-mail was read. */
const REPLY_DELAY_MIN_MS = 15 * 60_000;
const REPLY_DELAY_SPREAD_MS = 105 * 60_000;

/** The percentage of e-mails that landed in `folder` the strategy replies to (drawn within a range, per e-mail). */
export function replyRate(strategy: Pick<TWarmupStrategyValues, "replyInbox" | "replyPromotions" | "replySpam">, folder: WarmupMailFolder, key: string): number {
  if (folder === "spam") return strategy.replySpam;
  const [min, max] = folder === "promotions" ? strategy.replyPromotions : strategy.replyInbox;
  return min + stableFraction(`${key}:rate`) * (max - min);
}

export function replyMessageId(original: Pick<WarmupEmail, "messageId">, replier: PoolParticipant): string {
  const key = createHash("sha256").update(`herald-warmup-reply:${original.messageId}`).digest("hex").slice(0, 24);
  return `<wr.${key}@${replier.domain || "herald.invalid"}>`;
}

export interface ReadResult {
  read: number;
  rescued: number;
  replied: number;
}

/** Reads one recipient's warmup mail. */
async function readOne(at: Date, reader: PoolParticipant, pool: Map<string, PoolParticipant>, result: ReadResult): Promise<void> {
  const provider = await getMailProvider(reader.mailbox.provider as MailProviderName);
  if (!provider.listWarmupMail || !provider.openWarmupMail) return;
  const handle = poolMailboxHandle(reader.mailbox);
  const found = await provider.listWarmupMail(handle, { since: new Date(at.getTime() - LOOK_BACK_MS) });
  if (!found.length) return;
  const where = new Map<string, WarmupMailFound>(found.map((entry) => [entry.messageId, entry]));
  const rows = await db.warmupEmail.findMany({
    where: { toMailboxId: reader.mailbox.id, status: "sent", openedAt: null, messageId: { in: [...where.keys()] } },
    orderBy: { sentAt: "asc" },
  });
  if (!rows.length) return;
  // Where it landed is where it was first found; a rescued one is found in the inbox later.
  for (const folder of ["inbox", "spam", "promotions"] as const) {
    const ids = rows.filter((row) => !row.foundAt && where.get(row.messageId)!.folder === folder).map((row) => row.id);
    if (ids.length) await db.warmupEmail.updateMany({ where: { id: { in: ids }, foundAt: null }, data: { foundAt: at, landing: folder } });
  }
  const done = new Set(await provider.openWarmupMail(handle, { messages: rows.map((row) => ({ messageId: row.messageId, folder: where.get(row.messageId)!.folder, rescue: where.get(row.messageId)!.folder !== "inbox" })) }));
  const opened = rows
    .filter((row) => done.has(row.messageId))
    .map((row) => {
      const folder = where.get(row.messageId)!.folder;
      return { row, landing: (row.landing ?? folder) as WarmupMailFolder, rescued: folder !== "inbox" };
    });
  for (const rescued of [false, true]) {
    const ids = opened.filter((entry) => entry.rescued === rescued).map((entry) => entry.row.id);
    if (ids.length) await db.warmupEmail.updateMany({ where: { id: { in: ids }, openedAt: null }, data: { openedAt: at, ...(rescued ? { rescuedAt: at } : {}) } });
  }
  result.read += opened.length;
  result.rescued += opened.filter((entry) => entry.rescued).length;

  // Replies are not answered; only a sender still in the pool asks for replies; and the replier's
  // volume counts its replies too: none past the day's volume.
  const answer = opened.filter(({ row, landing }) => {
    const sender = pool.get(row.fromMailboxId);
    return !row.replyToId && sender && stableFraction(`${row.messageId}:reply`) * 100 < replyRate(sender.strategy, landing, row.messageId);
  });
  if (!answer.length) return;
  const sentToday = await db.warmupEmail.count({ where: { fromMailboxId: reader.mailbox.id, date: reader.date } });
  const room = Math.max(0, reader.volume - sentToday);
  const replies = answer.slice(0, room).map(({ row }) => {
    const messageId = replyMessageId(row, reader);
    const delay = REPLY_DELAY_MIN_MS + Math.floor(stableFraction(`${row.messageId}:delay`) * REPLY_DELAY_SPREAD_MS);
    return {
      fromMailboxId: reader.mailbox.id,
      toMailboxId: row.fromMailboxId,
      messageId,
      replyToId: row.id,
      tag: warmupTag(messageId),
      date: reader.date,
      scheduledAt: new Date(at.getTime() + delay),
      createdAt: at,
    };
  });
  if (replies.length) result.replied += (await db.warmupEmail.createMany({ data: replies, skipDuplicates: true })).count;
}

/** Reads the warmup mail of these recipients, a few at a time; one that fails is tried again next tick. */
export async function readPoolMail(at: Date, readers: PoolParticipant[], pool: Map<string, PoolParticipant>): Promise<ReadResult & { failed: number }> {
  const result: ReadResult & { failed: number } = { read: 0, rescued: 0, replied: 0, failed: 0 };
  await forEachLimited(readers, POOL_CONCURRENCY, async (reader) => {
    try {
      await readOne(at, reader, pool, result);
    } catch (error) {
      logger.warn("Reading a mailbox's warmup mail failed; it is read again next tick", { mailboxId: reader.mailbox.id, error });
      result.failed += 1;
    }
  });
  return result;
}
