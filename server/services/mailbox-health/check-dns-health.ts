// PLACEHOLDER (helper A): the DNS checks of a mailbox's domain: SPF, DKIM, DMARC, MX.
import type { Actor } from "../../lib/actor";
import type { TMailbox } from "../../schemas/mailbox";
import type { TDnsHealth } from "../../schemas/mailbox-health";

/** Checks the mailbox's domain now and stores the result (Mailbox.dnsHealth, .health). */
export async function refreshDnsHealth(mailboxId: string): Promise<TDnsHealth | null> {
  throw new Error(`not built yet: refreshDnsHealth ${mailboxId}`);
}

/** On demand, for a workspace member: checks now and returns the mailbox. */
export async function checkMailboxDns(actor: Actor, mailboxId: string): Promise<TMailbox> {
  throw new Error(`not built yet: checkMailboxDns ${actor.workspaceId} ${mailboxId}`);
}
