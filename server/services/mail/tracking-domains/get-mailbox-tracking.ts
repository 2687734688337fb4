import { linksOnOtherDomain, mailboxTracking } from "../../../domain/mail/tracking-domain";
import { publicUrl } from "../../../env";
import type { Actor } from "../../../lib/actor";
import type { TMailboxTracking } from "../../../schemas/tracking-domain";
import { findMailbox } from "../mailboxes/find-mailbox";
import { findMailboxTrackingDomains } from "../tracking/find-mailbox-tracking-domains";

/** Which host a mailbox's links use now, why, and the warning when it is on another domain. */
export async function describeMailboxTracking(mailbox: { workspaceId: string; email: string; trackingDomainId: string | null }): Promise<TMailboxTracking> {
  const tracking = mailboxTracking({ heraldUrl: publicUrl(), ...(await findMailboxTrackingDomains(mailbox)) });
  return { ...tracking, trackingDomainId: mailbox.trackingDomainId, warning: linksOnOtherDomain(mailbox.email, tracking.host) };
}

export async function getMailboxTracking(actor: Actor, mailboxId: string): Promise<TMailboxTracking> {
  return describeMailboxTracking(await findMailbox(actor, mailboxId));
}
