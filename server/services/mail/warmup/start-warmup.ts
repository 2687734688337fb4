// POST /email-accounts/{id}/warmup/start: enrolls the mailbox at its warmup network with the stored
// strategy (applied now) and starts the ramp at day 1, holding campaigns for the hold's days. A
// stopped warmup starts over at day 1 with a new enrolment; a running one is returned as it is.
//
// Under the mailbox's warmup lock (warmup-lock.ts), so a strategy change or a stop waits for it and
// then sees what it wrote. The network first, then the row: enrolling is idempotent per mailbox (a
// network holding the mailbox answers with the same id and takes the strategy given now), so when
// the row's write fails after the enrolment, the mailbox stays pending/stopped in Herald (which
// ticks and syncs nothing for it) and the next start enrolls it again and converges.
import { env } from "../../../env";
import type { Actor } from "../../../lib/actor";
import { now } from "../../../lib/clock";
import { HeraldError } from "../../../lib/errors";
import { zonedDateString } from "../../../lib/time-zones";
import { warmupNetworkFor } from "../../../providers/warmup";
import type { TWarmupResult } from "../../../schemas/mailbox-health";
import { refreshMailboxHealth } from "../health/refresh-mailbox-health";
import { strategyOf } from "./to-warmup";
import { withWarmupLock } from "./warmup-lock";
import { atNetwork, ensureWarmupRow, loadWarmupMailbox, networkMailbox, strategyValues, unavailableReason, warmupEnvelope } from "./warmup-state";

const DAY_MS = 86_400_000;

export async function startWarmup(actor: Actor, mailboxId: string): Promise<TWarmupResult> {
  return withWarmupLock(mailboxId, async (tx) => {
    const mailbox = await loadWarmupMailbox(actor, mailboxId, tx);
    const at = now();
    const status = mailbox.warmup?.status ?? "pending";
    if (status !== "pending" && status !== "stopped") return warmupEnvelope(mailbox, mailbox.warmup, at, tx);
    const unavailable = unavailableReason(mailbox);
    if (unavailable) throw new HeraldError({ code: "warmup-unavailable", message: unavailable });

    const row = await ensureWarmupRow(mailbox, at, tx);
    // A new enrolment on the network the mailbox uses now (the setting may have changed since a stop).
    const network = warmupNetworkFor(mailbox);
    const strategy = strategyValues(strategyOf(row));
    const { externalId } = await atNetwork(network, (warmup) => warmup.enroll(networkMailbox(mailbox), strategy));
    const started = await tx.mailboxWarmup.update({
      where: { mailboxId: mailbox.id },
      data: {
        network,
        externalId,
        status: "warming",
        appliedStrategy: strategy,
        day: 1,
        dayDate: zonedDateString(at, mailbox.timezone),
        startedAt: at,
        stoppedAt: null,
        holdUntil: new Date(at.getTime() + env().HERALD_WARMUP_HOLD_DAYS * DAY_MS),
        holdReason: "warming",
        // A new ramp is judged on its own mail.
        healthScore: null,
        inboxRate: null,
        error: null,
        updatedAt: at,
      },
    });
    await refreshMailboxHealth(mailbox.id, tx);
    return warmupEnvelope(mailbox, started, at, tx);
  });
}
