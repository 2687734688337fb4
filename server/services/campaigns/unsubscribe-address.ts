// Unsubscribing from the link of a campaign e-mail. It lives with the campaigns, not with the rest of
// e-mail tracking, because it stops the campaign lead (the campaigns' own stop rules), and the
// campaigns' executor composes e-mails with mail/tracking's links: mail/tracking sits below the
// campaigns and may not import them.
import type { Prisma } from "../../db/client";
import { now } from "../../lib/clock";
import { withOutbox, type Emit } from "../events/with-outbox";
import { lockCampaignLead, setCampaignLeadStatus } from "./executor/settle-campaign-lead";
import { optOutEmailAddress } from "./opt-out-email-address";
import { optOutStopsLead } from "../../domain/sequence/decide-email-bounce";
import { addDoNotContactEntries } from "../do-not-contact/add-do-not-contact-entries";

/**
 * page: the unsubscribe page; one-click: the mail app's unsubscribe button, by the RFC 8058 POST
 * or by an e-mail to the List-Unsubscribe mailto: address (the spec names only these two).
 */
export type UnsubscribeSource = "page" | "one-click";

export interface UnsubscribeInput {
  workspaceId: string;
  address: string;
  source: UnsubscribeSource;
  /** The e-mail whose link was used; it is gone once its mailbox was removed. */
  emailMessageId?: string | null;
  /** The campaign lead the e-mail went to, from the link itself, for when the e-mail is gone. */
  campaignLeadId?: string | null;
  /** The address of the mailbox that sent the e-mail, from the link itself, for when the e-mail is gone. */
  mailboxEmail?: string | null;
}

export const STOPPABLE = ["pending", "running", "paused"] as const;

/**
 * The mailbox that sent an e-mail Herald no longer has: the mailbox was removed with its e-mails
 * (and its leads went to other mailboxes, so the campaign lead's mailbox is not it). Its address
 * names it: connected again, or the latest removal.
 */
async function sendingMailboxId(tx: Prisma.TransactionClient, workspaceId: string, mailboxEmail: string | null | undefined): Promise<string | null> {
  if (!mailboxEmail) return null;
  const connected = await tx.mailbox.findUnique({ where: { workspaceId_email: { workspaceId, email: mailboxEmail } }, select: { id: true } });
  if (connected) return connected.id;
  const removed = await tx.removedMailbox.findFirst({ where: { workspaceId, email: mailboxEmail }, orderBy: { removedAt: "desc" }, select: { mailboxId: true } });
  return removed?.mailboxId ?? null;
}

/**
 * Unsubscribes an address from the workspace's e-mails: every lead of the workspace with that
 * address is opted out (e-mail steps skip it), and the campaign lead the e-mail went to is stopped
 * unless it had finished or the workspace keeps LinkedIn steps going after an opt-out
 * (optOutStopsLead), with email.unsubscribed. Using the link again changes nothing and fires
 * nothing (the address is opted out, the lead stopped). Returns whether anything changed, and
 * whether the campaign lead was stopped.
 */
export async function unsubscribeAddress(input: UnsubscribeInput): Promise<UnsubscribeResult> {
  if (!input.address.trim()) return { changed: false, leadStopped: false };
  return withOutbox((tx, emit) => unsubscribeAddressIn(tx, emit, input));
}

export interface UnsubscribeResult {
  changed: boolean;
  leadStopped: boolean;
}

/** unsubscribeAddress in the caller's transaction (an unsubscribe request read from a mailbox). */
export async function unsubscribeAddressIn(tx: Prisma.TransactionClient, emit: Emit, input: UnsubscribeInput): Promise<UnsubscribeResult> {
  const address = input.address.trim();
  if (!address) return { changed: false, leadStopped: false };
  const at = now();
  const { leadIds, optedOut } = await optOutEmailAddress(tx, { workspaceId: input.workspaceId, address, at });

  const email = input.emailMessageId
    ? await tx.emailMessage.findFirst({
        where: { id: input.emailMessageId, workspaceId: input.workspaceId },
        select: { mailboxId: true, campaignLeadId: true, campaignId: true, leadId: true },
      })
    : null;
  const campaignLeadId = email?.campaignLeadId ?? input.campaignLeadId ?? null;
  const campaignLead = campaignLeadId
    ? await tx.campaignLead.findFirst({
        where: { id: campaignLeadId, workspaceId: input.workspaceId },
        include: { lead: { select: { firstName: true, lastName: true, publicIdentifier: true } } },
      })
    : null;
  const status = campaignLead ? await lockCampaignLead(tx, campaignLead.id) : null;
  const workspace = await tx.workspace.findUniqueOrThrow({ where: { id: input.workspaceId }, select: { optOutStopsLinkedin: true } });
  // The address goes on the do-not-contact list (every channel), so it outlives the lead; unless the
  // workspace keeps LinkedIn steps going after an opt-out: then only its e-mails stop, by the opt-out.
  if (workspace.optOutStopsLinkedin) await addDoNotContactEntries(tx, { workspaceId: input.workspaceId, entries: [{ kind: "email", value: address, reason: "unsubscribed" }], at });
  const leadStopped = optOutStopsLead({ leadActive: status !== null && (STOPPABLE as readonly string[]).includes(status), stopsLinkedin: workspace.optOutStopsLinkedin });
  // The analytics count the lead as unsubscribed (once), whether or not its campaign stopped, and
  // though the address was opted out already (from another campaign's e-mail).
  if (campaignLead) await tx.campaignLead.updateMany({ where: { id: campaignLead.id, unsubscribedAt: null }, data: { unsubscribedAt: at } });
  // Nothing new: the address was opted out and the lead stopped already (an earlier unsubscribe).
  if (!optedOut && !leadStopped) return { changed: false, leadStopped: false };

  await emit({
    workspaceId: input.workspaceId,
    event: "email.unsubscribed",
    data: {
      accountId: email?.mailboxId ?? (await sendingMailboxId(tx, input.workspaceId, input.mailboxEmail)),
      campaignLeadId: campaignLead?.id ?? null,
      campaignId: campaignLead?.campaignId ?? email?.campaignId ?? null,
      leadId: campaignLead?.leadId ?? email?.leadId ?? leadIds[0] ?? null,
      email: { address },
      source: input.source,
      leadStopped,
      at: at.toISOString(),
    },
  });
  if (campaignLead && leadStopped) await setCampaignLeadStatus(tx, emit, campaignLead, "stopped", {}, [...STOPPABLE]);
  return { changed: true, leadStopped };
}
