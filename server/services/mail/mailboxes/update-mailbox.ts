import { db } from "../../../db/client";
import type { Actor } from "../../../lib/actor";
import { now } from "../../../lib/clock";
import type { TMailbox, TUpdateMailboxInput } from "../../../schemas/mailbox";
import { findMailbox } from "./find-mailbox";
import { toMailbox } from "./to-mailbox";

/** Changes a mailbox's name, sender name, daily limit, signature, tracking defaults or timezone. */
export async function updateMailbox(actor: Actor, mailboxId: string, changes: TUpdateMailboxInput): Promise<TMailbox> {
  const row = await findMailbox(actor, mailboxId);
  const updated = await db.mailbox.update({
    where: { id: row.id },
    data: {
      label: changes.label,
      // An empty sender name or signature clears it, as null does: the form sends what the field holds.
      fromName: changes.fromName === undefined ? undefined : changes.fromName?.trim() || null,
      signature: changes.signature === undefined ? undefined : changes.signature?.trim() ? changes.signature : null,
      dailyLimit: changes.dailyLimit,
      trackOpens: changes.trackOpens,
      trackClicks: changes.trackClicks,
      timezone: changes.timezone,
      updatedAt: now(),
    },
  });
  return toMailbox(updated);
}
