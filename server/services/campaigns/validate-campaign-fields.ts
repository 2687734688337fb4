// Checks shared by create and update: the schedule's zone, the senders of the pool and of recorded
// voice notes, the mailboxes, the lists; and what an active campaign needs to run its sequence.
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError, type FieldIssue } from "../../lib/errors";
import { activationIssues } from "../../domain/sequence/campaign-channels";
import { isValidTimeZone } from "../../lib/time-zones";
import type { TCreateCampaignInput } from "../../schemas/campaign";
import { STEP_LABELS, type StepType } from "../../schemas/sequence";
import { namedFiles, stepFileIssues } from "./check-step-files";

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
  if (input.emailAccountIds?.length) {
    const known = new Set(
      (await db.mailbox.findMany({ where: { workspaceId: actor.workspaceId, id: { in: input.emailAccountIds } }, select: { id: true } })).map((row) => row.id),
    );
    input.emailAccountIds.forEach((id, index) => {
      if (!known.has(id)) issues.push({ field: `emailAccountIds.${index}`, message: `names no mailbox of this workspace: ${id}` });
    });
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
  // Uploaded recordings and attachments the steps name must be this workspace's.
  const files = (input.sequence?.steps ?? []).flatMap((step, stepIndex) => (step.config ? namedFiles(`sequence.steps.${stepIndex}.config.`, step.config) : []));
  issues.push(...(await stepFileIssues(actor.workspaceId, files)));
  if (issues.length) throw HeraldError.invalidInput(`Invalid ${issues[0]!.field}: ${issues[0]!.message}`, issues);
}

/** The mailbox pool as stored: each mailbox once, in the order first named. */
export function uniqueIds<T extends string[] | undefined>(ids: T): T {
  return (ids && [...new Set(ids)]) as T;
}

/**
 * An active campaign must be able to run its sequence: senders for LinkedIn steps, mailboxes for
 * e-mail steps (campaign-channels.ts). Throws a 400 naming the empty pool.
 */
export function checkCanRun(campaign: { status: string; sequence: { steps: ReadonlyArray<{ type: StepType }> }; linkedinAccountIds: string[]; emailAccountIds: string[] }): void {
  if (campaign.status !== "active") return;
  const issues = activationIssues({ steps: campaign.sequence.steps, linkedinAccountIds: campaign.linkedinAccountIds, emailAccountIds: campaign.emailAccountIds });
  if (issues.length) throw HeraldError.invalidInput(issues[0]!.summary, issues.map(({ field, message }) => ({ field, message })));
}

/** The unsubscribe line, once merged with what the campaign had: on, it needs words. */
export function checkUnsubscribe(unsubscribe: { enabled: boolean; text: string }): void {
  if (unsubscribe.enabled && !unsubscribe.text.trim()) {
    throw HeraldError.invalidInput("Invalid unsubscribe.text: the unsubscribe line is on, so it needs a text (for example the default, with {{unsubscribe}} where the link goes)", [
      { field: "unsubscribe.text", message: "must not be empty while the unsubscribe line is on" },
    ]);
  }
}
