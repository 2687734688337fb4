import type { Prisma } from "../../db/client";
import type { Campaign } from "../../db/generated/client";
import { now } from "../../lib/clock";
import type { WiredSequence } from "../../schemas/sequence";
import { assignCampaignSenders } from "./assign-campaign-senders";
import { firstStep } from "./engine/wire-sequence";

/** Puts leads into a campaign (skipping those already in it), at its first step, with a sender. */
export async function enrollLeads(
  tx: Prisma.TransactionClient,
  campaign: Campaign,
  leads: Array<{ leadId: string; customVariables?: Record<string, string> }>,
): Promise<string[]> {
  if (!leads.length) return [];
  const first = firstStep(campaign.sequence as unknown as WiredSequence);
  const at = now();
  const created = await tx.campaignLead.createManyAndReturn({
    data: leads.map((lead) => ({
      workspaceId: campaign.workspaceId,
      campaignId: campaign.id,
      leadId: lead.leadId,
      customVariables: lead.customVariables ?? {},
      currentStepId: first?.id ?? null,
      currentStepType: first?.type ?? null,
      waitUntil: at,
      createdAt: at,
      updatedAt: at,
    })),
    skipDuplicates: true,
    select: { id: true },
  });
  await assignCampaignSenders(tx, campaign);
  return created.map((row) => row.id);
}

/** A campaign's list: its leads take part in the campaign. */
export async function enrollListLeads(tx: Prisma.TransactionClient, campaign: Campaign): Promise<string[]> {
  if (!campaign.listId) return [];
  const entries = await tx.leadListEntry.findMany({ where: { listId: campaign.listId }, select: { leadId: true } });
  return enrollLeads(tx, campaign, entries.map((entry) => ({ leadId: entry.leadId })));
}
