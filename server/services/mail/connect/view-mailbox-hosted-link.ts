import { db } from "../../../db/client";
import type { MailboxHostedLink } from "../../../db/generated/client";
import { now } from "../../../lib/clock";
import { sha256Hex } from "../../../lib/crypto";
import { HeraldError } from "../../../lib/errors";
import type { TMailboxHostedLinkView, TOauthMailProvider } from "../../../schemas/mailbox-hosted-link";
import { mailboxHostedLinkStatus } from "./to-mailbox-hosted-link";

async function toView(link: MailboxHostedLink, options: { showEmail: boolean }): Promise<TMailboxHostedLinkView> {
  const workspace = await db.workspace.findUniqueOrThrow({ where: { id: link.workspaceId }, select: { name: true } });
  return {
    id: link.id,
    status: mailboxHostedLinkStatus(link),
    provider: link.provider as TOauthMailProvider,
    workspaceName: workspace.name,
    reconnect: Boolean(link.reconnectAccountId),
    redirectUrl: link.redirectUrl,
    accountId: link.accountId,
    email: options.showEmail ? link.externalId : null,
    error: link.errorMessage,
  };
}

/** The hosted page, for whoever holds the link's token; opening it counts as opening the link. */
export async function viewMailboxHostedLink(token: string): Promise<TMailboxHostedLinkView> {
  const link = await db.mailboxHostedLink.findUnique({ where: { tokenHash: sha256Hex(token) } });
  if (!link) throw HeraldError.notFound("Connect link");
  if (!link.openedAt && mailboxHostedLinkStatus(link) === "pending") {
    await db.mailboxHostedLink.updateMany({ where: { id: link.id, openedAt: null }, data: { openedAt: now() } });
  }
  return toView(link, { showEmail: true });
}

/**
 * The page the person lands on after the provider sent them back (when the link has no redirectUrl).
 * Found by the link id, which the callback put in the address (not a secret), so it shows the
 * outcome but not the address that signed in.
 */
export async function viewFinishedMailboxHostedLink(linkId: string): Promise<TMailboxHostedLinkView> {
  const link = await db.mailboxHostedLink.findUnique({ where: { id: linkId } });
  if (!link) throw HeraldError.notFound("Connect link");
  return toView(link, { showEmail: false });
}
