// On demand, for a workspace member (the health page's "Check again", POST
// /email-accounts/{id}/dns-check): checks the mailbox's domain now and returns the mailbox with
// its fresh DNS health. Here rather than in services/mailbox-health, which sits below this folder
// (to-mailbox reads the stored health from it) and so cannot build the Mailbox resource.
import type { Actor } from "../../lib/actor";
import type { TMailbox } from "../../schemas/mailbox";
import { refreshDnsHealth } from "../mailbox-health/check-dns-health";
import { findMailbox } from "./find-mailbox";
import { toMailbox } from "./to-mailbox";

export async function checkMailboxDns(actor: Actor, mailboxId: string): Promise<TMailbox> {
  await findMailbox(actor, mailboxId);
  await refreshDnsHealth(mailboxId);
  return toMailbox(await findMailbox(actor, mailboxId));
}
