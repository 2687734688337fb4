// The two switches ordering domains and managed mailboxes needs, both under Settings: the email
// channel (no mailboxes at all without it) and the managed-mailbox feature gate. Cancelling a
// managed mailbox does not pass through here: the gate never keeps anyone from stopping a charge.
import { db, type DbClient } from "../../db/client";
import { HeraldError } from "../../lib/errors";
import { requireEmailChannel } from "../mail/mailboxes/require-email-channel";

export async function requireOrdering(workspaceId: string, action: string, client: DbClient = db): Promise<void> {
  await requireEmailChannel(workspaceId, action, client);
  const workspace = await client.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { managedMailboxesEnabled: true } });
  if (!workspace.managedMailboxesEnabled) {
    throw new HeraldError({
      code: "managed-mailboxes-disabled",
      message: `Buying domains and mailboxes through Herald is turned off for this workspace, so you cannot ${action}. An admin can turn it on under Settings.`,
    });
  }
}
