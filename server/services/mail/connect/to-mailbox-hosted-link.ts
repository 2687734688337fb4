import type { MailboxHostedLink } from "../../../db/generated/client";
import { now } from "../../../lib/clock";
import { toIso } from "../../../schemas/common";
import type { TMailboxHostedLink, TOauthMailProvider } from "../../../schemas/mailbox-hosted-link";

/** A pending link past its window reads as expired (nothing needs to run when it closes). */
export function mailboxHostedLinkStatus(row: MailboxHostedLink): TMailboxHostedLink["status"] {
  if (row.status === "pending" && row.expiresAt <= now()) return "expired";
  return row.status as TMailboxHostedLink["status"];
}

/** The spec's read of a link: never its address or token (`url` is always null). */
export function toMailboxHostedLink(row: MailboxHostedLink): TMailboxHostedLink {
  return {
    id: row.id,
    status: mailboxHostedLinkStatus(row),
    channel: "email",
    provider: row.provider as TOauthMailProvider,
    url: null,
    workspaceId: row.workspaceId,
    accountId: row.accountId,
    reconnectAccountId: row.reconnectAccountId,
    externalId: row.externalId,
    redirectUrl: row.redirectUrl,
    hasProxy: false,
    country: null,
    error: row.errorCode ? { code: row.errorCode, message: row.errorMessage ?? row.errorCode } : null,
    expiresAt: row.expiresAt.toISOString(),
    openedAt: toIso(row.openedAt),
    completedAt: toIso(row.completedAt),
    createdAt: row.createdAt.toISOString(),
  };
}
