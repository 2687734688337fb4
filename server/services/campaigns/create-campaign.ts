import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { DEFAULT_TRACKING, DEFAULT_UNSUBSCRIBE, type TCreateCampaignInput, type TCampaign } from "../../schemas/campaign";
import { DEFAULT_SCHEDULE } from "../../domain/sequence/schedule";
import { wireSequence } from "../../domain/sequence/wire-sequence";
import { enrollListLeads } from "./enroll-list-leads";
import { recordGettingStarted } from "../getting-started/record-getting-started";
import { kickCampaignExecutor } from "./kick-campaign-executor";
import { toCampaign } from "./to-campaign";
import { checkCanRun, checkUnsubscribe, uniqueIds, validateCampaignFields } from "./validate-campaign-fields";
import { DEFAULT_CAMPAIGN_VERIFICATION } from "../../schemas/verification";
import { mergeApprovals, mergeExperiments, mergeVerification, mergeTracking, mergeUnsubscribe, scheduleColumn, sequenceColumn } from "./campaign-columns";
import { DEFAULT_CAMPAIGN_APPROVALS } from "../../schemas/approvals";
import { DEFAULT_EXPERIMENT_SETTINGS } from "../../schemas/campaign-experiments";

/**
 * Creates a campaign. Defaults: an empty sequence, the schedule 09:00 to 19:00 Monday to Friday
 * (UTC), status paused, tracking off, the unsubscribe line on. An active campaign needs senders for
 * its LinkedIn steps and mailboxes for its e-mail steps. Its leads get a sender and a mailbox from
 * the pools as they are enrolled.
 */
export async function createCampaign(actor: Actor, input: TCreateCampaignInput): Promise<TCampaign> {
  await validateCampaignFields(actor, input);
  const sequence = input.sequence ? wireSequence(input.sequence) : { steps: [] };
  const status = input.status ?? "paused";
  const linkedinAccountIds = input.linkedinAccountIds ?? [];
  const emailAccountIds = uniqueIds(input.emailAccountIds ?? []);
  checkCanRun({ status, sequence, linkedinAccountIds, emailAccountIds });
  const unsubscribe = mergeUnsubscribe(DEFAULT_UNSUBSCRIBE, input.unsubscribe);
  checkUnsubscribe(unsubscribe);
  const at = now();
  const row = await db.$transaction(async (tx) => {
    const created = await tx.campaign.create({
      data: {
        workspaceId: actor.workspaceId,
        name: input.name ?? "Untitled campaign",
        status,
        aiInterestEnabled: input.aiInterestEnabled ?? false,
        unsubscribe,
        sourceNotice: input.sourceNotice ?? null,
        tracking: mergeTracking(DEFAULT_TRACKING, input.tracking),
        approvals: mergeApprovals(DEFAULT_CAMPAIGN_APPROVALS, input.approvals),
        experiments: mergeExperiments(DEFAULT_EXPERIMENT_SETTINGS, input.experiments),
        verification: mergeVerification(DEFAULT_CAMPAIGN_VERIFICATION, input.verification),
        linkedinAccountIds,
        emailAccountIds,
        excludeListIds: input.excludeListIds ?? [],
        listId: input.listId ?? null,
        excludeOtherCampaigns: input.excludeOtherCampaigns ?? false,
        excludeOtherSenders: input.excludeOtherSenders ?? false,
        excludeSameSenderOtherCampaigns: input.excludeSameSenderOtherCampaigns ?? false,
        schedule: scheduleColumn(input.schedule ?? DEFAULT_SCHEDULE),
        sequence: sequenceColumn(sequence),
        createdAt: at,
        updatedAt: at,
      },
    });
    if (created.listId) await enrollListLeads(tx, created);
    if (status === "active") await recordGettingStarted(actor.workspaceId, "campaignActivatedAt", tx);
    return created;
  });
  if (row.status === "active") await kickCampaignExecutor("campaign activated");
  return toCampaign(row);
}
