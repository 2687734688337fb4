import { db } from "../../../db/client";
import { experimentSteps, stepExperiment } from "../../../domain/analytics/step-experiment";
import type { Actor } from "../../../lib/actor";
import type { TCampaignExperiments } from "../../../schemas/campaign-experiments";
import { readExperiments, readSequence } from "../campaign-columns";
import { findCampaign } from "../find-campaign";
import { variantOutcomes } from "./variant-outcomes";

const HISTORY_SHOWN = 50;

/** The campaign's A/B tests (every step with variants, judged), its experiment settings and its history. */
export async function getCampaignExperiments(actor: Actor, campaignId: string): Promise<TCampaignExperiments> {
  const campaign = await findCampaign(actor, campaignId);
  const sequence = readSequence(campaign.sequence);
  const settings = readExperiments(campaign.experiments);
  const steps = experimentSteps(sequence);
  const [outcomes, history] = await Promise.all([
    steps.length ? variantOutcomes(campaign.id) : Promise.resolve([]),
    db.campaignHistoryEntry.findMany({ where: { campaignId: campaign.id }, orderBy: [{ at: "desc" }, { id: "desc" }], take: HISTORY_SHOWN }),
  ]);
  return {
    campaignId: campaign.id,
    steps: steps.map((step) => stepExperiment(sequence, step, outcomes, settings)),
    settings,
    history: history.map((entry) => ({ id: entry.id, kind: entry.kind, text: entry.text, at: entry.at.toISOString() })),
  };
}
