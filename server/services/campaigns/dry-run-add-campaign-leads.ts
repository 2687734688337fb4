// The dry run of POST /campaigns/{id}/leads: the add's own work in a transaction rolled back
// (add-leads-dry-run.ts), so the counts are the add's.
import type { Actor } from "../../lib/actor";
import type { TAddLeadsDryRun } from "../../schemas/dry-runs";
import type { TLeadsInput } from "../../schemas/lead";
import { leadSourceDetail } from "../leads/lead-source-detail";
import { addCampaignLeadsIn } from "./add-campaign-leads";
import { rolledBack, summarizeAddDryRun } from "./add-leads-dry-run";
import { findCampaign } from "./find-campaign";

/** What POST /campaigns/{id}/leads would do; stores nothing. */
export async function dryRunAddCampaignLeads(actor: Actor, campaignId: string, input: TLeadsInput, source = "api"): Promise<TAddLeadsDryRun> {
  const campaign = await findCampaign(actor, campaignId);
  const sourceDetail = await leadSourceDetail(actor, source);
  return rolledBack(async (tx) => summarizeAddDryRun(tx, actor, `the campaign “${campaign.name}”`, await addCampaignLeadsIn(tx, actor, campaign, input.leads, source, sourceDetail), input.leads.length));
}

