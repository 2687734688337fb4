import type { Actor } from "../../../lib/actor";
import { now } from "../../../lib/clock";
import type { TMailbox } from "../../../schemas/mailbox";
import { withOutbox } from "../../events/with-outbox";
import { emitMailboxEvent } from "./emit-mailbox-event";
import { findMailbox } from "./find-mailbox";
import { toMailbox } from "./to-mailbox";

/** Pauses a mailbox: campaigns stop sending from it (their leads wait) until it is resumed. A no-op when paused. */
export async function pauseMailbox(actor: Actor, mailboxId: string): Promise<TMailbox> {
  const found = await findMailbox(actor, mailboxId);
  const row = await withOutbox(async (tx, emit) => {
    // Only an unpaused mailbox is changed, re-checked under the row lock: one account.paused per pause.
    const changed = await tx.mailbox.updateMany({
      where: { id: found.id, paused: false },
      data: { paused: true, pausedReason: "manual", pausedAt: now(), updatedAt: now() },
    });
    // Removed since it was found: the same 404 as if it had been gone before.
    const current = await findMailbox(actor, found.id, tx);
    if (changed.count) await emitMailboxEvent(tx, emit, current, "account.paused");
    return current;
  });
  return toMailbox(row);
}
