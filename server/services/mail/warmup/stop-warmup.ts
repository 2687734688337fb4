// POST /email-accounts/{id}/warmup/stop: ends the mailbox's warmup for good (cancelled at the
// network) and lifts its campaign hold. A later start begins a new ramp at day 1.
//
// Herald's side first, then the network, all under the mailbox's warmup lock (warmup-lock.ts, so a
// start cannot enroll between the two): the row is written stopped and committed at once (with
// `db`, outside the lock's transaction) before the cancel, so a failed write can never leave Herald
// showing `warming` (the sync advancing its day, the hold lifted) for a warmup the network ended.
// Until the network confirms the cancel, the stopped row keeps an `error` saying so: a stopped row
// with an error and an externalId is a cancel still owed, which the warmup sync retries
// (cancel-owed-warmups.ts; cancelling twice is a no-op at every network). Meanwhile nothing warms:
// the pool and the sandbox network only act for warming and warm rows.
import { db } from "../../../db/client";
import { Prisma, type MailboxWarmup } from "../../../db/generated/client";
import type { Actor } from "../../../lib/actor";
import { now } from "../../../lib/clock";
import { logger } from "../../../lib/logger";
import { getWarmupNetwork } from "../../../providers/warmup";
import type { WarmupNetworkName } from "../../../providers/warmup/types";
import type { TWarmupResult } from "../../../schemas/mailbox-health";
import { withWarmupLock } from "./warmup-lock";
import { loadWarmupMailbox, networkNameOf, warmupEnvelope } from "./warmup-state";

/** The error a stopped warmup shows until its network confirmed the cancel. */
export function cancelOwedError(network: WarmupNetworkName): string {
  const which = network === "pool" ? "Herald's warmup pool" : "The sandbox warmup network";
  return `${which} has not confirmed the cancel yet; Herald tries again every few minutes. Nothing is sent for this mailbox meanwhile.`;
}

/** Cancels at the network; false (logged) when it failed, so the cancel stays owed. */
export async function cancelAtNetwork(network: WarmupNetworkName, externalId: string, mailboxId: string): Promise<boolean> {
  try {
    await (await getWarmupNetwork(network)).cancel(externalId);
    return true;
  } catch (error) {
    logger.warn("warmup: cancelling at the network failed; the sync tries again", { network, mailboxId, error: error instanceof Error ? error.message : String(error) });
    return false;
  }
}

export async function stopWarmup(actor: Actor, mailboxId: string): Promise<TWarmupResult> {
  return withWarmupLock(mailboxId, async (tx) => {
    const mailbox = await loadWarmupMailbox(actor, mailboxId, tx);
    const at = now();
    const row = mailbox.warmup;
    // Nothing runs: a pending warmup was never enrolled, a stopped one is already cancelled (or owed).
    if (!row || row.status === "pending" || row.status === "stopped") return warmupEnvelope(mailbox, row, at, tx);
    const network = networkNameOf(mailbox, row);
    let stopped: MailboxWarmup = await db.mailboxWarmup.update({
      where: { mailboxId: mailbox.id },
      // The network no longer holds a strategy; the stored one waits for the next start.
      data: {
        status: "stopped",
        stoppedAt: at,
        holdUntil: null,
        holdReason: null,
        appliedStrategy: Prisma.DbNull,
        error: row.externalId ? cancelOwedError(network) : null,
        updatedAt: at,
      },
    });
    if (row.externalId && (await cancelAtNetwork(network, row.externalId, mailbox.id))) {
      stopped = await db.mailboxWarmup.update({ where: { mailboxId: mailbox.id }, data: { error: null } });
    }
    return warmupEnvelope(mailbox, stopped, at, tx);
  });
}
