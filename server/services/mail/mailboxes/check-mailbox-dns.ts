// On demand, for a workspace member (the health page's "Check again", POST
// /email-accounts/{id}/dns-check): checks the mailbox's domain now and returns the mailbox with
// its fresh DNS health. Here rather than in services/mail/health, which sits below this folder
// (to-mailbox reads the stored health from it) and so cannot build the Mailbox resource.
import type { Actor } from "../../../lib/actor";
import { now } from "../../../lib/clock";
import type { TMailbox } from "../../../schemas/mailbox";
import { refreshDnsHealth } from "../health/check-dns-health";
import { findMailbox } from "./find-mailbox";
import { toMailbox } from "./to-mailbox";

/**
 * A check of the mailbox this recent is answered as it is: a full check is dozens of DNS queries,
 * and repeated clicks (or a script calling the endpoint in a loop) would otherwise send them all
 * again each time. DNS changes take minutes to show anyway; after this, "Check again" asks again.
 */
export const RECHECK_DNS_AFTER_MS = 60_000;

export async function checkMailboxDns(actor: Actor, mailboxId: string): Promise<TMailbox> {
  const mailbox = await findMailbox(actor, mailboxId);
  if (mailbox.dnsCheckedAt && now().getTime() - mailbox.dnsCheckedAt.getTime() < RECHECK_DNS_AFTER_MS) return toMailbox(mailbox);
  await refreshDnsHealth(mailboxId);
  return toMailbox(await findMailbox(actor, mailboxId));
}
