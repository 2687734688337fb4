import { db } from "../../../db/client";
import { decodeUnsubscribeToken, type UnsubscribeClaim } from "./tracking-signature";

export interface UnsubscribeLink extends UnsubscribeClaim {
  workspaceName: string;
  /** Every lead of the workspace with the address is opted out already. */
  unsubscribed: boolean;
}

/**
 * What an unsubscribe link stands for, to show before the person confirms: null for a token Herald
 * did not sign or a workspace that no longer exists. Reads only: opening the link changes nothing.
 */
export async function findUnsubscribeLink(token: string): Promise<UnsubscribeLink | null> {
  const claim = decodeUnsubscribeToken(token);
  if (!claim) return null;
  const workspace = await db.workspace.findUnique({ where: { id: claim.workspaceId }, select: { name: true } });
  if (!workspace) return null;
  // Compared as unsubscribeAddress compares (lower-cased, no ILIKE wildcards).
  const stillSubscribed = await db.$queryRaw<Array<{ id: string }>>`
    SELECT id FROM "Lead"
    WHERE "workspaceId" = ${claim.workspaceId} AND lower(email) = lower(${claim.address}) AND NOT "emailOptOut"
    LIMIT 1`;
  return { ...claim, workspaceName: workspace.name, unsubscribed: stillSubscribed.length === 0 };
}
