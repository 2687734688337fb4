import { db } from "../../../db/client";
import type { Actor } from "../../../lib/actor";
import { now } from "../../../lib/clock";
import { HeraldError } from "../../../lib/errors";
import { getMailProvider } from "../../../providers/mail";
import { isMailProviderError } from "../../../providers/mail/types";
import type { TMailbox } from "../../../schemas/mailbox";
import { withOutbox } from "../../events/with-outbox";
import { emitMailboxEvent } from "./emit-mailbox-event";
import { findMailbox } from "./find-mailbox";
import { mailboxHandle } from "./mailbox-handle";
import { connectFailure } from "./mail-error-reason";
import { toMailbox } from "./to-mailbox";

/**
 * "Check again" for a managed Microsoft 365 mailbox (authType `app`): it has no sign-in of its own
 * to renew, so once the installation's administrator fixed the app registration (a permission, a
 * license), Herald checks the mailbox through Graph and, when it answers, puts it back to
 * `connected` (account.status_changed). A failed check answers the 400 connecting would, and the
 * mailbox keeps its error.
 */
export async function checkAppMailbox(actor: Actor, mailboxId: string): Promise<TMailbox> {
  const row = await findMailbox(actor, mailboxId);
  if (row.provider !== "microsoft-graph") {
    throw HeraldError.invalidInput(`The mailbox ${row.email} signs in with its own settings: connect it again to repair it`, [
      { field: "id", message: "is not a managed Microsoft 365 mailbox" },
    ]);
  }
  try {
    await (await getMailProvider("microsoft-graph")).verify(mailboxHandle(row));
  } catch (error) {
    if (isMailProviderError(error)) throw connectFailure(error);
    throw error;
  }
  await withOutbox(async (tx, emit) => {
    const changed = await tx.mailbox.updateMany({ where: { id: row.id, status: "error" }, data: { status: "connected", error: null, readError: null, updatedAt: now() } });
    if (!changed.count) return;
    await emitMailboxEvent(tx, emit, await tx.mailbox.findUniqueOrThrow({ where: { id: row.id } }), "account.status_changed", { previousStatus: "error" });
  });
  return toMailbox(await db.mailbox.findUniqueOrThrow({ where: { id: row.id } }));
}
