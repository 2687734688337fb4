// What a campaign change (PATCH /campaigns/{id}) would store, checked: the input validated against the
// workspace (validate-campaign-fields.ts), the new sequence wired and held to what leads in progress
// allow, the campaign able to run, and the columns it writes. One place for updateCampaign, which
// stores them, and the dry run of a change (dry-run-campaign-change.ts), which forecasts with them.
import { db } from "../../db/client";
import type { Campaign } from "../../db/generated/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import type { TUpdateCampaignInput } from "../../schemas/campaign";
import type { WiredSequence } from "../../schemas/sequence";
import { structuralChanges } from "../../domain/sequence/structural-changes";
import { wireSequence } from "../../domain/sequence/wire-sequence";
import { checkCanRun, checkUnsubscribe, uniqueIds, validateCampaignFields } from "./validate-campaign-fields";
import { campaignVerificationOf } from "../../schemas/verification";
import { mergeApprovals, mergeExperiments, mergeVerification, mergeTracking, mergeUnsubscribe, readApprovals, readExperiments, readSequence, readTracking, readUnsubscribe, sequenceColumn } from "./campaign-columns";

/**
 * The change checked, with: the new sequence wired (and the one it replaces) when it has one, the
 * number of steps leads have reached (nonzero once leads are in progress), the mailboxes named once
 * each, and the campaign's columns it writes (undefined: left as it is).
 */
export async function prepareCampaignChange(actor: Actor, current: Campaign, changes: TUpdateCampaignInput) {
  const campaignId = current.id;
  await validateCampaignFields(actor, changes);
  // In progress: some lead has reached a step.
  const started = await db.campaignLeadStep.count({ where: { campaignId } });

  let sequence: WiredSequence | undefined;
  let previous: WiredSequence | undefined;
  if (changes.sequence) {
    previous = readSequence(current.sequence);
    sequence = wireSequence(changes.sequence, { previous });
    if (started) {
      const issues = structuralChanges(previous, sequence);
      if (issues.length) {
        throw HeraldError.invalidInput(
          `Leads are in progress: only copy and delays may change and steps be appended; this ${issues[0]!.message}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ""}`,
          issues,
        );
      }
    }
  }
  const status = changes.status ?? current.status;
  const emailAccountIds = uniqueIds(changes.emailAccountIds);
  // Checked when the change could leave an active campaign unable to run (a rename of one whose
  // mailbox was since removed still goes through).
  if (changes.status === "active" || changes.sequence || changes.linkedinAccountIds || changes.emailAccountIds) {
    checkCanRun({
      status,
      sequence: sequence ?? readSequence(current.sequence),
      linkedinAccountIds: changes.linkedinAccountIds ?? current.linkedinAccountIds,
      emailAccountIds: emailAccountIds ?? current.emailAccountIds,
    });
  }
  const unsubscribe = changes.unsubscribe && mergeUnsubscribe(readUnsubscribe(current.unsubscribe), changes.unsubscribe);
  if (unsubscribe) checkUnsubscribe(unsubscribe);
  if (changes.status === "draft" && current.status !== "draft" && started) {
    throw HeraldError.invalidInput("Invalid status: a campaign whose leads have started cannot go back to draft; pause it instead", [
      { field: "status", message: "cannot be draft once leads have started" },
    ]);
  }

  const columns = {
    name: changes.name,
    status: changes.status,
    aiInterestEnabled: changes.aiInterestEnabled,
    unsubscribe,
    sourceNotice: changes.sourceNotice,
    tracking: changes.tracking && mergeTracking(readTracking(current.tracking), changes.tracking),
    approvals: changes.approvals && mergeApprovals(readApprovals(current.approvals), changes.approvals),
    experiments: changes.experiments && mergeExperiments(readExperiments(current.experiments), changes.experiments),
    verification: changes.verification && mergeVerification(campaignVerificationOf(current.verification), changes.verification),
    linkedinAccountIds: changes.linkedinAccountIds,
    emailAccountIds,
    excludeListIds: changes.excludeListIds,
    listId: changes.listId,
    excludeOtherCampaigns: changes.excludeOtherCampaigns,
    excludeOtherSenders: changes.excludeOtherSenders,
    excludeSameSenderOtherCampaigns: changes.excludeSameSenderOtherCampaigns,
    schedule: changes.schedule,
    sequence: sequence && sequenceColumn(sequence),
  };
  return { sequence, previous, started, emailAccountIds, columns };
}
