// The forecast's mailboxes: each as a mailbox turn sees it (available, its gap, its send count) with
// what it already sent today, counted as the executor counts it (countMailboxUsage), and its recent
// e-mails for its bounce and complaint rates.
import { db } from "../../../db/client";
import type { Mailbox } from "../../../db/generated/client";
import { MAILBOX_RATE_WINDOW_MS } from "../../../domain/mail/decide-mailbox-pause";
import { turnMailbox } from "../../../domain/sequence/turn-policy";
import { WARMUP_CAP_COLUMNS, warmupCapFacts } from "../../../domain/mail/warmup-cap-facts";
import { countMailboxUsage } from "../../mail/mailboxes/count-mailbox-usage";
import type { SentEmailMark, SimMailbox } from "./simulation-types";

/** The mailbox's e-mails that count for its bounce and complaint rates at `at` (pauseMailboxOnBounceRate's window). */
async function recentSends(mailbox: Mailbox, at: Date): Promise<SentEmailMark[]> {
  const windowStart = at.getTime() - MAILBOX_RATE_WINDOW_MS;
  const since = new Date(Math.max(windowStart, mailbox.pausedAt?.getTime() ?? windowStart));
  const rows = await db.emailMessage.findMany({
    where: { mailboxId: mailbox.id, direction: "outbound", sentAt: { gte: since } },
    select: { id: true, sentAt: true, bounceKind: true, complainedAt: true },
    orderBy: { sentAt: "asc" },
  });
  return rows.map((row) => ({ emailId: row.id, at: row.sentAt!.getTime(), hard: row.bounceKind === "hard", complained: row.complainedAt !== null }));
}

export async function loadSimMailboxes(ids: string[], at: Date): Promise<{ rows: Mailbox[]; mailboxes: SimMailbox[] }> {
  if (!ids.length) return { rows: [], mailboxes: [] };
  const rows = await db.mailbox.findMany({ where: { id: { in: ids } } });
  // Their warmups, for the campaign cap of each simulated day (the executor's countMailboxUsage reads the same row).
  const warmups = new Map(
    (await db.mailboxWarmup.findMany({ where: { mailboxId: { in: ids } }, select: { mailboxId: true, ...WARMUP_CAP_COLUMNS } })).map((row) => [row.mailboxId, warmupCapFacts(row)]),
  );
  const mailboxes = await Promise.all(
    rows.map(async (row) => {
      const turn = turnMailbox(row);
      return {
        id: row.id,
        timezone: row.timezone,
        dailyLimit: row.dailyLimit,
        usedToday: (await countMailboxUsage(row, at)).sent,
        nextSendAt: turn.nextSendAt,
        sendCount: row.campaignSendCount,
        available: turn.available,
        trackOpens: row.trackOpens,
        trackClicks: row.trackClicks,
        signature: row.signature,
        recentSends: await recentSends(row, at),
        pausedAt: row.pausedAt?.getTime() ?? null,
        warmup: warmups.get(row.id) ?? null,
      };
    }),
  );
  return { rows, mailboxes };
}
