// POST /email-accounts/{id}/warmup/stop: ends the mailbox's warmup for good (cancelled at the
// network) and lifts its campaign hold. A later start begins a new ramp at day 1.
import { db } from "../../db/client";
import { Prisma } from "../../db/generated/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import type { TWarmupResult } from "../../schemas/mailbox-health";
import { atNetwork, loadWarmupMailbox, networkNameOf, warmupEnvelope } from "./warmup-state";

export async function stopWarmup(actor: Actor, mailboxId: string): Promise<TWarmupResult> {
  const mailbox = await loadWarmupMailbox(actor, mailboxId);
  const at = now();
  const row = mailbox.warmup;
  // Nothing runs: a pending warmup was never enrolled, a stopped one is already cancelled.
  if (!row || row.status === "pending" || row.status === "stopped") return warmupEnvelope(mailbox, row, at);
  if (row.externalId) {
    const externalId = row.externalId;
    await atNetwork(networkNameOf(mailbox, row), (network) => network.cancel(externalId));
  }
  const stopped = await db.mailboxWarmup.update({
    where: { mailboxId: mailbox.id },
    // The network no longer holds a strategy; the stored one waits for the next start.
    data: { status: "stopped", stoppedAt: at, holdUntil: null, holdReason: null, appliedStrategy: Prisma.DbNull, error: null, updatedAt: at },
  });
  return warmupEnvelope(mailbox, stopped, at);
}
