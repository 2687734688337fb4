import { db, type DbClient } from "../../../db/client";
import { HeraldError } from "../../../lib/errors";

/** Mailboxes are connected and removed only while the workspace has its email channel on (Settings). */
export async function requireEmailChannel(workspaceId: string, action: string, client: DbClient = db): Promise<void> {
  const workspace = await client.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { emailChannelEnabled: true } });
  if (!workspace.emailChannelEnabled) {
    throw new HeraldError({
      code: "email-channel-disabled",
      message: `The workspace's email channel is turned off, so you cannot ${action}. An admin can turn it on under Settings.`,
    });
  }
}
