import type { Actor } from "../../../lib/actor";
import { now } from "../../../lib/clock";
import type { TMailbox } from "../../../schemas/mailbox";
import { withOutbox } from "../../events/with-outbox";
import { emitMailboxEvent } from "./emit-mailbox-event";
import { findMailbox } from "./find-mailbox";
import { toMailbox } from "./to-mailbox";

/** Resumes a paused mailbox so campaigns send from it again. A no-op when not paused; returns the mailbox either way. */
export async function resumeMailbox(actor: Actor, mailboxId: string): Promise<TMailbox> {
  const found = await findMailbox(actor, mailboxId);
  const row = await withOutbox(async (tx, emit) => {
    const changed = await tx.mailbox.updateMany({
      where: { id: found.id, paused: true },
      // pausedAt stays: a mailbox paused for its bounce or complaint rate counts its rates from its
      // latest pause, so that the e-mails that paused it do not pause it again at the next bounce.
      data: { paused: false, pausedReason: null, updatedAt: now() },
    });
    // Removed since it was found: the same 404 as if it had been gone before.
    const current = await findMailbox(actor, found.id, tx);
    if (changed.count) await emitMailboxEvent(tx, emit, current, "account.resumed");
    return current;
  });
  return toMailbox(row);
}
