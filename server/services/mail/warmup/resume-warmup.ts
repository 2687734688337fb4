// POST /email-accounts/{id}/warmup/resume: a paused warmup continues at the day it stopped on.
// Under the mailbox's warmup lock (warmup-lock.ts); the network resumes first, so a refusal leaves
// both sides paused, and a failed write after it leaves a paused row that the next resume retries
// (resuming twice at the network changes nothing).
import type { Actor } from "../../../lib/actor";
import { now } from "../../../lib/clock";
import { HeraldError } from "../../../lib/errors";
import { zonedDateString } from "../../../lib/time-zones";
import type { TWarmupResult } from "../../../schemas/mailbox-health";
import { withWarmupLock } from "./warmup-lock";
import { atNetwork, loadWarmupMailbox, networkNameOf, unavailableReason, warmupEnvelope } from "./warmup-state";

export async function resumeWarmup(actor: Actor, mailboxId: string): Promise<TWarmupResult> {
  return withWarmupLock(mailboxId, async (tx) => {
    const mailbox = await loadWarmupMailbox(actor, mailboxId, tx);
    const at = now();
    const row = mailbox.warmup;
    if (!row || row.status !== "paused") return warmupEnvelope(mailbox, row, at, tx);
    const unavailable = unavailableReason(mailbox);
    if (unavailable) throw new HeraldError({ code: "warmup-unavailable", message: unavailable });
    if (row.externalId) {
      const externalId = row.externalId;
      await atNetwork(networkNameOf(mailbox, row), (network) => network.resume(externalId));
    }
    const resumed = await tx.mailboxWarmup.update({
      where: { mailboxId: mailbox.id },
      // Same day, counted from today: the paused days do not advance the ramp (warmupDayOn).
      data: { status: "warming", dayDate: zonedDateString(at, mailbox.timezone), error: null, updatedAt: at },
    });
    return warmupEnvelope(mailbox, resumed, at, tx);
  });
}
