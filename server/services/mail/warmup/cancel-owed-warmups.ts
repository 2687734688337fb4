// The cancels a stop still owes: a stopped warmup whose network did not confirm the cancel keeps
// an `error` with its externalId (stop-warmup.ts). The warmup sync calls this every pass, so a
// stopped mailbox never stays enrolled at a network for good. Each one under the mailbox's warmup
// lock, re-read there: a start in between enrolled it again (warming, error cleared) and is left alone.
import { db } from "../../../db/client";
import { now } from "../../../lib/clock";
import type { WarmupNetworkName } from "../../../providers/warmup/types";
import { cancelAtNetwork } from "./stop-warmup";
import { withWarmupLock } from "./warmup-lock";

/** Most owed cancels retried per pass (a network that is down fails them all; the next pass goes on). */
const MOST_PER_PASS = 100;

/** Retries the owed cancels (of `mailboxIds` only when given); the number confirmed now. */
export async function cancelOwedWarmups(options: { mailboxIds?: string[] } = {}): Promise<number> {
  const owed = await db.mailboxWarmup.findMany({
    where: { status: "stopped", error: { not: null }, externalId: { not: null }, ...(options.mailboxIds ? { mailboxId: { in: options.mailboxIds } } : {}) },
    select: { mailboxId: true },
    orderBy: { updatedAt: "asc" },
    take: MOST_PER_PASS,
  });
  let cancelled = 0;
  for (const { mailboxId } of owed) {
    const done = await withWarmupLock(mailboxId, async (tx) => {
      const row = await tx.mailboxWarmup.findUnique({ where: { mailboxId } });
      if (!row || row.status !== "stopped" || !row.error || !row.externalId) return false;
      if (!(await cancelAtNetwork(row.network as WarmupNetworkName, row.externalId, mailboxId))) {
        // Moved to the back of the queue, so a few failing ones do not hide the others.
        await tx.mailboxWarmup.update({ where: { mailboxId }, data: { updatedAt: now() } });
        return false;
      }
      await tx.mailboxWarmup.update({ where: { mailboxId }, data: { error: null, updatedAt: now() } });
      return true;
    });
    if (done) cancelled += 1;
  }
  return cancelled;
}
