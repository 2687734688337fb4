// One mailbox's turn: the mailbox sends one campaign e-mail, to the first due lead pinned to it
// whose e-mail step may go out now, inside the open schedules of its active campaigns and its daily
// limit, then rests a human-like gap. The minute pass finds the mailboxes with due work; each turn
// runs on its own (one turn per mailbox at a time), like a sender's turn (take-sender-turn.ts).
import { db } from "../../../db/client";
import type { Campaign, Mailbox } from "../../../db/generated/client";
import { isWithinSchedule } from "../../../domain/sequence/schedule";
import { CANDIDATES_PER_SENDER, mailboxCanActAt, turnMailbox } from "../../../domain/sequence/turn-policy";
import { countMailboxUsage } from "../../mail/mailboxes/count-mailbox-usage";
import { dueEmailLeads } from "./due-email-leads";
import { heldBy } from "./held-by";
import { scheduleOf, sequenceOf, stepById } from "./load-campaign-sequence";
import { performEmailStep } from "./perform-email-step";
import { readEmailFacts } from "./read-email-facts";
import { reconcileInterruptedSteps } from "./reconcile-interrupted-steps";

/**
 * Lets one mailbox send once: the first due lead whose e-mail may go out now. Leads refused (the
 * do-not-contact list), skipped (no address, unsubscribed, a dead address, verification) or held by another campaign do not use the turn. One
 * batch of due leads is read, as the turn policy shared with sender turns and the forecast says:
 * with one kind of step and one limit, a batch never finds a new cap that another would get past
 * (readAnotherBatch), so leads beyond it wait for the next turn.
 */
async function takeTurn(mailbox: Mailbox, campaigns: Map<string, Campaign>, at: Date): Promise<boolean> {
  const due = dueEmailLeads(at);
  const candidates = await db.campaignLead.findMany({
    where: { ...due.where, emailAccountId: mailbox.id, campaignId: { in: [...campaigns.keys()] } },
    include: { lead: true },
    orderBy: due.orderBy,
    take: CANDIDATES_PER_SENDER,
  });
  // The do-not-contact list and the stored verifications, read with the batch: no query per lead.
  const facts = await readEmailFacts(candidates);
  for (const candidate of candidates) {
    const campaign = campaigns.get(candidate.campaignId)!;
    const sequence = sequenceOf(campaign);
    const step = stepById(sequence, candidate.currentStepId);
    if (!step) continue;
    const leadFacts = facts.get(candidate.id)!;
    // A listed person is refused before any hold: no need to ask who holds them.
    const holder = leadFacts.listed ? null : await heldBy(candidate, campaign);
    const result = await performEmailStep({ campaign, sequence, campaignLead: candidate, mailbox, step, holder, capped: false, facts: leadFacts });
    if (result.kind === "sent") return true;
    if (result.kind === "capped" || result.kind === "mailbox-unavailable") return false;
  }
  return false;
}

/**
 * Takes one mailbox's turn at `at`: reconciles the mailbox's interrupted e-mails, re-reads the
 * mailbox (it may have sent, been paused or put in error since the pass found it), its active
 * campaigns whose schedule is open at `at`, and its day's usage, then lets it send once. Returns
 * whether it sent.
 */
export async function takeMailboxTurn(mailboxId: string, at: Date): Promise<boolean> {
  // Turns of one mailbox never overlap, so any of its e-mails left `sending` is a leftover.
  await reconcileInterruptedSteps({ mailboxId });
  const mailbox = await db.mailbox.findUnique({ where: { id: mailboxId } });
  if (!mailbox || !mailboxCanActAt(turnMailbox(mailbox), at.getTime())) return false;
  const active = await db.campaign.findMany({ where: { status: "active", emailAccountIds: { has: mailbox.id } } });
  const open = new Map(active.filter((campaign) => isWithinSchedule(scheduleOf(campaign), at)).map((campaign) => [campaign.id, campaign]));
  if (!open.size) return false;
  if ((await countMailboxUsage(mailbox, at)).remaining <= 0) return false;
  return takeTurn(mailbox, open, at);
}
