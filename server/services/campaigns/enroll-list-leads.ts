import type { Prisma } from "../../db/client";
import type { Campaign } from "../../db/generated/client";
import { now } from "../../lib/clock";
import type { WiredSequence } from "../../schemas/sequence";
import { pickSenders, senderLoads } from "./assign-campaign-senders";
import { campaignLeadExclusions } from "./campaign-lead-exclusions";
import { firstStep } from "./engine/wire-sequence";

/**
 * Puts leads into a campaign (skipping those already in it), at its first step, each with the
 * pool's lightest sender at that moment. The senders are chosen before the rows are written, from
 * the campaign's counters, so a batch writes its own rows once and reads nothing in proportion to
 * the leads already there.
 */
export async function enrollLeads(
  tx: Prisma.TransactionClient,
  campaign: Campaign,
  leads: Array<{ leadId: string; customVariables?: Record<string, string> }>,
): Promise<Array<{ id: string; leadId: string }>> {
  if (!leads.length) return [];
  const first = firstStep(campaign.sequence as unknown as WiredSequence);
  const at = now();
  const pool = campaign.linkedinAccountIds;
  const senders = pickSenders(pool, await senderLoads(tx, campaign.id, pool), leads.length);
  const created = await tx.campaignLead.createManyAndReturn({
    data: leads.map((lead, index) => ({
      workspaceId: campaign.workspaceId,
      campaignId: campaign.id,
      leadId: lead.leadId,
      linkedinAccountId: senders[index],
      customVariables: lead.customVariables ?? {},
      currentStepId: first?.id ?? null,
      currentStepType: first?.type ?? null,
      waitUntil: at,
      createdAt: at,
      updatedAt: at,
    })),
    skipDuplicates: true,
    select: { id: true, leadId: true },
  });
  return created;
}

/** A campaign's list: its leads take part in the campaign (except those its exclusions keep out). */
export async function enrollListLeads(tx: Prisma.TransactionClient, campaign: Campaign): Promise<Array<{ id: string; leadId: string }>> {
  if (!campaign.listId) return [];
  const entries = await tx.leadListEntry.findMany({ where: { listId: campaign.listId }, select: { leadId: true }, orderBy: { seq: "asc" } });
  const excluded = await campaignLeadExclusions(tx, campaign, entries.map((entry) => entry.leadId));
  return enrollLeads(
    tx,
    campaign,
    entries.filter((entry) => !excluded.has(entry.leadId)).map((entry) => ({ leadId: entry.leadId })),
  );
}
