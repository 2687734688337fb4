import { db, type Prisma } from "../../db/client";
import type { Campaign } from "../../db/generated/client";
import type { Actor } from "../../lib/actor";
import type { TAddCampaignLeadsResult } from "../../schemas/campaign";
import type { TLeadInput, TLeadsInput, TSkippedLead } from "../../schemas/lead";
import { leadSourceDetail } from "../leads/lead-source-detail";
import { resolveLeadInputs } from "../leads/resolve-lead-inputs";
import { verifyAddedLeadAddresses } from "../verification/verify-added-lead-addresses";
import { campaignLeadExclusions } from "./campaign-lead-exclusions";
import { enrollLeads } from "./enroll-list-leads";
import { findCampaign } from "./find-campaign";
import { kickCampaignExecutor } from "./kick-campaign-executor";

const MESSAGES: Record<TSkippedLead["reason"], string> = {
  duplicate: "The same person appears earlier in this request",
  "already-in-campaign": "The lead is already in this campaign",
  "already-in-list": "The lead is already in this list",
  "excluded-list": "The lead is on one of the campaign's exclusion lists",
  "contacted-by-other-sender": "A sender outside this campaign's pool already contacted the lead (excludeOtherSenders)",
};

export function skipped(index: number, input: { profileUrl?: string; email?: string }, reason: TSkippedLead["reason"]): TSkippedLead {
  return { index, profileUrl: input.profileUrl ?? null, email: input.email ?? null, reason, message: MESSAGES[reason] };
}

/**
 * The add's work in its transaction: the inputs resolved to the workspace's leads (created where new),
 * who cannot join skipped, the rest enrolled. The dry run (services/campaigns/add-leads-dry-run.ts) runs
 * it in a transaction it rolls back, so its counts are the add's own.
 */
export async function addCampaignLeadsIn(tx: Prisma.TransactionClient, actor: Actor, campaign: Campaign, leads: TLeadInput[], source: string, sourceDetail: string | null) {
  const resolved = await resolveLeadInputs(tx, actor.workspaceId, leads, source, sourceDetail);
  const reasons = await campaignLeadExclusions(tx, campaign, resolved.flatMap((entry) => ("lead" in entry ? [entry.lead.id] : [])));
  const skips: TSkippedLead[] = [];
  const toEnroll: Array<{ leadId: string; customVariables?: Record<string, string> }> = [];
  for (const entry of resolved) {
    if (!("lead" in entry)) skips.push(skipped(entry.index, entry.input, "duplicate"));
    else if (reasons.has(entry.lead.id)) skips.push(skipped(entry.index, entry.input, reasons.get(entry.lead.id)!));
    else toEnroll.push({ leadId: entry.lead.id, customVariables: entry.input.customVariables });
  }
  const enrolled = await enrollLeads(tx, campaign, toEnroll);
  const byLead = new Map(enrolled.map((row) => [row.leadId, row.id]));
  return {
    resolved,
    result: {
      added: enrolled.length,
      leadIds: toEnroll.filter((lead) => byLead.has(lead.leadId)).map((lead) => lead.leadId),
      campaignLeadIds: toEnroll.flatMap((lead) => (byLead.has(lead.leadId) ? [byLead.get(lead.leadId)!] : [])),
      skipped: skips,
    } satisfies TAddCampaignLeadsResult,
  };
}

/**
 * Adds leads to a campaign (POST /campaigns/{id}/leads), by LinkedIn profile URL and/or e-mail. A
 * person named twice, already in the campaign, on an exclusion list, or (with excludeOtherSenders)
 * already contacted by a sender outside the pool is skipped, and the response says which and why.
 * Leads that another campaign is working on are added and wait (heldBy) when the campaign excludes
 * other campaigns.
 */
export async function addCampaignLeads(actor: Actor, campaignId: string, input: TLeadsInput, source = "api", fileName?: string): Promise<TAddCampaignLeadsResult> {
  const { leads } = input;
  const campaign = await findCampaign(actor, campaignId);
  const sourceDetail = await leadSourceDetail(actor, source, fileName);
  const { result } = await db.$transaction((tx) => addCampaignLeadsIn(tx, actor, campaign, leads, source, sourceDetail), { timeout: 60_000 });
  await verifyAddedLeadAddresses(actor.workspaceId, leads.map((lead) => lead.email));
  if (result.added && campaign.status === "active") await kickCampaignExecutor("leads added");
  return result;
}
