import type { SenderHostedLink } from "../../db/generated/client";
import { now } from "../../lib/clock";
import { toIso } from "../../schemas/common";
import type { TSenderHostedLink } from "../../schemas/sender";

/** A pending link past its window reads as expired. */
export function hostedLinkStatus(row: SenderHostedLink): TSenderHostedLink["status"] {
  if (row.status === "pending" && row.expiresAt <= now()) return "expired";
  return row.status as TSenderHostedLink["status"];
}

export function toSenderHostedLink(row: SenderHostedLink, provider: string): TSenderHostedLink {
  return {
    id: row.id,
    status: hostedLinkStatus(row),
    channel: "linkedin",
    provider,
    workspaceId: row.workspaceId,
    accountId: row.accountId,
    reconnectAccountId: row.reconnectAccountId,
    redirectUrl: row.redirectUrl,
    error: row.errorCode ? { code: row.errorCode, message: row.errorMessage ?? row.errorCode } : null,
    expiresAt: row.expiresAt.toISOString(),
    openedAt: toIso(row.openedAt),
    completedAt: toIso(row.completedAt),
    createdAt: row.createdAt.toISOString(),
  };
}
