import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import type { TCampaign } from "../../schemas/campaign";
import { findCampaign } from "./find-campaign";
import { toCampaign } from "./to-campaign";
import { campaignVerificationOf } from "../../schemas/verification";
import { readApprovals, readExperiments, readSchedule, readSequence, readTracking, readUnsubscribe, scheduleColumn, sequenceColumn } from "./campaign-columns";

// The longest name ZCreateCampaignInput accepts.
const MAX_NAME_LENGTH = 120;

/** "<name> (copy)", kept within the longest name a campaign may have. */
export function copyName(name: string): string {
  const suffix = " (copy)";
  return `${name.slice(0, MAX_NAME_LENGTH - suffix.length)}${suffix}`;
}

/**
 * A new campaign with the settings, sequence, schedule and sender pool of another, and none of its
 * leads. It starts paused, so the copy sends nothing before someone looks at it. The source list
 * is not carried over: following a list means enrolling its leads, and a copy has none.
 */
export async function duplicateCampaign(actor: Actor, campaignId: string): Promise<TCampaign> {
  const source = await findCampaign(actor, campaignId);
  const at = now();
  const row = await db.campaign.create({
    data: {
      workspaceId: actor.workspaceId,
      name: copyName(source.name),
      status: "paused",
      aiInterestEnabled: source.aiInterestEnabled,
      unsubscribe: readUnsubscribe(source.unsubscribe),
      tracking: readTracking(source.tracking),
      approvals: readApprovals(source.approvals),
      experiments: readExperiments(source.experiments),
      verification: campaignVerificationOf(source.verification),
      linkedinAccountIds: source.linkedinAccountIds,
      emailAccountIds: source.emailAccountIds,
      excludeListIds: source.excludeListIds,
      listId: null,
      excludeOtherCampaigns: source.excludeOtherCampaigns,
      excludeOtherSenders: source.excludeOtherSenders,
      excludeSameSenderOtherCampaigns: source.excludeSameSenderOtherCampaigns,
      schedule: scheduleColumn(readSchedule(source.schedule)),
      // A copy starts its own tests: the original's promoted variants (its history) stay behind.
      sequence: sequenceColumn(withoutPromotions(readSequence(source.sequence))),
      createdAt: at,
      updatedAt: at,
    },
  });
  return toCampaign(row);
}

function withoutPromotions(sequence: ReturnType<typeof readSequence>): ReturnType<typeof readSequence> {
  return { ...sequence, steps: sequence.steps.map(({ config: { promotedVariantId: _promoted, ...config }, ...step }) => ({ ...step, config })) };
}
