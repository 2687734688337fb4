// Due e-mail steps of leads that no mailbox's turn will reach, because the lead has no mailbox: a
// campaign with mailboxes gives it one (as enrolment does; this catches leads added before the
// campaign had any); a campaign without any lets the decision core settle the step (a lead without
// an address or unsubscribed moves on, the others fail with the reason). Run by each pass.
import { db } from "../../../db/client";
import type { Campaign } from "../../../db/generated/client";
import { isEmailStep, WAITS_PER_BATCH } from "../../../domain/sequence/turn-policy";
import { assignCampaignMailboxes } from "../assign-campaign-mailboxes";
import { dueEmailLeads } from "./due-email-leads";
import { heldBy } from "./held-by";
import { sequenceOf, stepById } from "./load-campaign-sequence";
import { performEmailStep } from "./perform-email-step";
import { readEmailFacts, type EmailLeadFacts } from "./read-email-facts";

/** Returns how many leads it settled or gave a mailbox. */
export async function settleEmailLeadsWithoutMailbox(open: Campaign[], at: Date): Promise<number> {
  // Only campaigns with an e-mail step can have such leads: most passes ask the database nothing here.
  const withEmail = open.filter((campaign) => sequenceOf(campaign).steps.some((step) => isEmailStep(step.type)));
  if (!withEmail.length) return 0;
  const due = dueEmailLeads(at);
  const leads = await db.campaignLead.findMany({
    where: { ...due.where, campaignId: { in: withEmail.map((campaign) => campaign.id) }, emailAccountId: null },
    include: { lead: true },
    orderBy: due.orderBy,
    take: WAITS_PER_BATCH,
  });
  const campaigns = new Map(withEmail.map((campaign) => [campaign.id, campaign]));
  const withPool = new Set(leads.map((lead) => lead.campaignId).filter((id) => campaigns.get(id)!.emailAccountIds.length > 0));
  let settled = 0;
  for (const campaignId of withPool) {
    settled += await db.$transaction((tx) => assignCampaignMailboxes(tx, campaigns.get(campaignId)!));
  }
  const settling = leads.filter((lead) => !withPool.has(lead.campaignId));
  const facts = settling.length ? await readEmailFacts(settling) : new Map<string, EmailLeadFacts>();
  for (const campaignLead of settling) {
    const campaign = campaigns.get(campaignLead.campaignId)!;
    const sequence = sequenceOf(campaign);
    const step = stepById(sequence, campaignLead.currentStepId);
    if (!step) continue;
    const leadFacts = facts.get(campaignLead.id)!;
    const holder = leadFacts.listed ? null : await heldBy(campaignLead, campaign);
    await performEmailStep({ campaign, sequence, campaignLead, mailbox: null, step, holder, capped: false, facts: leadFacts });
    settled++;
  }
  return settled;
}
