import type { DbClient } from "../../db/client";
import { now } from "../../lib/clock";
import { CHECKPOINT_LIFETIME_MS } from "./to-sender-account";

/**
 * Senders that hold a seat: every sender of the workspace except one whose verification step
 * expired (it no longer blocks a seat; it is shown until deleted).
 */
export async function countSeatHolders(tx: DbClient, workspaceId: string): Promise<number> {
  const expiredBefore = new Date(now().getTime() - CHECKPOINT_LIFETIME_MS).toISOString();
  const rows = await tx.$queryRaw<Array<{ count: number }>>`
    SELECT count(*)::int AS count FROM "LinkedinAccount"
    WHERE "workspaceId" = ${workspaceId}
      AND NOT ("connectionStatus" = 'checkpoint_required' AND checkpoint->>'requestedAt' <= ${expiredBefore})`;
  return rows[0]?.count ?? 0;
}
