// Removing a mailbox a workspace connected itself (what removal does: delete-mailbox-rows.ts).
// It lives apart from services/mail/mailboxes because it reaches into campaigns (their mailbox
// assignment), while campaigns (the executor, enrolment) depend on mailboxes: one folder above both
// keeps the folders' dependencies one way.
import type { Actor } from "../../../lib/actor";
import { HeraldError } from "../../../lib/errors";
import { findMailbox } from "../mailboxes/find-mailbox";
import { requireEmailChannel } from "../mailboxes/require-email-channel";
import { deleteMailboxRows } from "./delete-mailbox-rows";

export async function removeMailbox(actor: Actor, mailboxId: string): Promise<{ id: string; deleted: true }> {
  await requireEmailChannel(actor.workspaceId, "remove a mailbox");
  const row = await findMailbox(actor, mailboxId);
  if (row.connectedVia === "managed") {
    throw new HeraldError({
      code: "managed-mailbox",
      message: `${row.email} is a managed mailbox bought through Herald: cancel it with cancel-managed instead of removing it.`,
    });
  }
  const removed = await deleteMailboxRows(row, { connectedVia: { not: "managed" } });
  if (!removed) throw new HeraldError({ code: "not-found", message: "No mailbox with this id in the workspace" });
  return { id: row.id, deleted: true };
}
