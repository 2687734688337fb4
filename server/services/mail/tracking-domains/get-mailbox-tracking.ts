import { linksOnOtherDomain, linksWithoutHttps, mailboxTracking } from "../../../domain/mail/tracking-domain";
import { publicUrl } from "../../../env";
import type { Actor } from "../../../lib/actor";
import type { TMailboxTracking } from "../../../schemas/tracking-domain";
import { findMailbox } from "../mailboxes/find-mailbox";
import { findMailboxTrackingDomains } from "../tracking/find-mailbox-tracking-domains";

/** Which host a mailbox's links use now, why, and the warning when it does not answer over HTTPS or is on another domain. */
export async function describeMailboxTracking(mailbox: { workspaceId: string; email: string; trackingDomainId: string | null }): Promise<TMailboxTracking> {
  const domains = await findMailboxTrackingDomains(mailbox);
  const tracking = mailboxTracking({ heraldUrl: publicUrl(), ...domains });
  return { ...tracking, trackingDomainId: mailbox.trackingDomainId, warning: linksWithoutHttps(tracking, domains) ?? linksOnOtherDomain(mailbox.email, tracking.host) };
}

export async function getMailboxTracking(actor: Actor, mailboxId: string): Promise<TMailboxTracking> {
  return describeMailboxTracking(await findMailbox(actor, mailboxId));
}
