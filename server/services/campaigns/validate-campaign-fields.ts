// Checks shared by create and update: the schedule's zone, the senders of the pool and of recorded
// voice notes, the lists.
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError, type FieldIssue } from "../../lib/errors";
import { isValidTimeZone } from "../../lib/time-zones";
import type { TCreateCampaignInput } from "../../schemas/campaign";
import { STEP_LABELS } from "../../schemas/sequence";

export async function validateCampaignFields(actor: Actor, input: TCreateCampaignInput): Promise<void> {
  const issues: FieldIssue[] = [];
  if (input.schedule && !isValidTimeZone(input.schedule.timezone)) {
    issues.push({ field: "schedule.timezone", message: "must be an IANA zone such as Europe/Paris" });
  }
  // A recording per sender names a sender like the pool does: it must be one of this workspace's.
  const voiceSenders = (input.sequence?.steps ?? []).flatMap((step, stepIndex) =>
    (step.config?.voiceAssignments ?? []).map((assignment, index) => ({ step, stepIndex, index, id: assignment.linkedinAccountId })),
  );
  const senderIds = [...new Set([...(input.linkedinAccountIds ?? []), ...voiceSenders.map((assignment) => assignment.id)])];
  const knownSenders = senderIds.length
    ? new Set(
        (await db.linkedinAccount.findMany({ where: { workspaceId: actor.workspaceId, id: { in: senderIds } }, select: { id: true } })).map((row) => row.id),
      )
    : new Set<string>();
  for (const { step, stepIndex, index, id } of voiceSenders) {
    if (knownSenders.has(id)) continue;
    issues.push({
      field: `sequence.steps.${stepIndex}.config.voiceAssignments.${index}.linkedinAccountId`,
      message: `names no sender of this workspace (recording ${index + 1} of step #${stepIndex + 1} ${STEP_LABELS[step.type]})`,
    });
  }
  if (input.linkedinAccountIds?.length) {
    const known = knownSenders;
    input.linkedinAccountIds.forEach((id, index) => {
      if (!known.has(id)) issues.push({ field: `linkedinAccountIds.${index}`, message: `names no sender of this workspace: ${id}` });
    });
    if (new Set(input.linkedinAccountIds).size !== input.linkedinAccountIds.length) {
      issues.push({ field: "linkedinAccountIds", message: "must not repeat a sender" });
    }
  }
  const listIds = [...(input.excludeListIds ?? []), ...(input.listId ? [input.listId] : [])];
  if (listIds.length) {
    const known = new Set(
      (await db.leadList.findMany({ where: { workspaceId: actor.workspaceId, id: { in: listIds } }, select: { id: true } })).map((row) => row.id),
    );
    (input.excludeListIds ?? []).forEach((id, index) => {
      if (!known.has(id)) issues.push({ field: `excludeListIds.${index}`, message: `names no lead list of this workspace: ${id}` });
    });
    if (input.listId && !known.has(input.listId)) issues.push({ field: "listId", message: `names no lead list of this workspace: ${input.listId}` });
  }
  if (issues.length) throw HeraldError.invalidInput(`Invalid ${issues[0]!.field}: ${issues[0]!.message}`, issues);
}
