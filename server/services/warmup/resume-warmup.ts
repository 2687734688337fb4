// POST /email-accounts/{id}/warmup/resume: a paused warmup continues at the day it stopped on.
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { HeraldError } from "../../lib/errors";
import { zonedDateString } from "../../lib/time-zones";
import type { TWarmupResult } from "../../schemas/mailbox-health";
import { atNetwork, loadWarmupMailbox, networkNameOf, unavailableReason, warmupEnvelope } from "./warmup-state";

export async function resumeWarmup(actor: Actor, mailboxId: string): Promise<TWarmupResult> {
  const mailbox = await loadWarmupMailbox(actor, mailboxId);
  const at = now();
  const row = mailbox.warmup;
  if (!row || row.status !== "paused") return warmupEnvelope(mailbox, row, at);
  const unavailable = unavailableReason(mailbox);
  if (unavailable) throw new HeraldError({ code: "warmup-unavailable", message: unavailable });
  if (row.externalId) {
    const externalId = row.externalId;
    await atNetwork(networkNameOf(mailbox, row), (network) => network.resume(externalId));
  }
  const resumed = await db.mailboxWarmup.update({
    where: { mailboxId: mailbox.id },
    // Same day, counted from today: the paused days do not advance the ramp (warmupDayOn).
    data: { status: "warming", dayDate: zonedDateString(at, mailbox.timezone), error: null, updatedAt: at },
  });
  return warmupEnvelope(mailbox, resumed, at);
}
