import { db, Prisma } from "../../db/client";
import type { LinkedinAccount } from "../../db/generated/client";
import { now } from "../../lib/clock";
import { failSenderConnection } from "./fail-sender-connection";
import { reconnectOrigin } from "./to-sender-account";

/**
 * A verification step failed for good. A first connect's placeholder sender is removed (it never
 * was a sender: account.connection_failed, seat freed). A sender that was connected before and is
 * reconnecting is never removed: it goes back to the connection status it had, with the error, so
 * its campaigns, history and seat stay. Returns the sender when it is kept.
 */
export async function abandonSenderCheckpoint(row: LinkedinAccount, error: { code: string; message: string }): Promise<LinkedinAccount | null> {
  const reconnectFrom = reconnectOrigin(row);
  if (reconnectFrom === null) {
    await failSenderConnection(row, error);
    return null;
  }
  return db.linkedinAccount.update({
    where: { id: row.id },
    data: { connectionStatus: reconnectFrom, checkpoint: Prisma.JsonNull, error: error.message, updatedAt: now() },
  });
}
