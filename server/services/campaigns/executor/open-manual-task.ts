// A manual task step, when it falls due (resolveDueWaits): the task goes in the Tasks queue with its
// instructions filled in for the lead and its due date, and the lead waits for a person (phase
// `approval`, no waitUntil) until complete-manual-task.ts moves it on. A task is a person's step towards
// the lead: a lead the do-not-contact list refuses fails at it with the reason instead.
import type { DoNotContactMatch } from "../../../domain/do-not-contact/entries";
import { decideRefusal } from "../../../domain/sequence/decide-step";
import { renderCopy } from "../../../domain/sequence/render-copy";
import { copySeed, fieldSeed } from "../../../domain/sequence/spintax";
import { now } from "../../../lib/clock";
import { DEFAULT_TASK_DUE_HOURS, TASK_KIND_LABELS, type WiredStep } from "../../../schemas/sequence";
import { withOutbox } from "../../events/with-outbox";
import { mergeFields } from "../lead-merge-fields";
import type { LeadInCampaign } from "./perform-lead-step";
import { journalOutcome, stillAt } from "./resolve-due-waits";
import { failCampaignLeadOnStep, moveCampaignLead } from "./settle-campaign-lead";

const HOUR = 3_600_000;

export async function openManualTask(campaignLead: LeadInCampaign, step: WiredStep, listed: DoNotContactMatch | null): Promise<boolean> {
  return withOutbox(async (tx, emit) => {
    if (!(await stillAt(tx, campaignLead))) return false;
    const refused = decideRefusal(listed);
    if (refused) {
      await failCampaignLeadOnStep(tx, emit, campaignLead, step, refused.message);
      return true;
    }
    const at = now();
    const kind = step.config.taskKind ?? "custom";
    const variant = step.config.variants[0];
    const seed = fieldSeed(copySeed(campaignLead.id, step.id, variant?.id ?? "a"), "text");
    const instructions = renderCopy(variant?.text ?? step.config.text, variant?.fallbackText ?? step.config.fallbackText, mergeFields(campaignLead.lead, campaignLead), seed).text;
    const fields = { kind, instructions, dueAt: new Date(at.getTime() + (step.config.dueHours ?? DEFAULT_TASK_DUE_HOURS) * HOUR) };
    // A lead back at a step it reached before (sent back by a soft bounce, resumed after failing) gets its task again.
    await tx.manualTask.upsert({
      where: { campaignLeadId_stepId: { campaignLeadId: campaignLead.id, stepId: step.id } },
      create: { workspaceId: campaignLead.workspaceId, campaignId: campaignLead.campaignId, campaignLeadId: campaignLead.id, leadId: campaignLead.leadId, stepId: step.id, ...fields, createdAt: at, updatedAt: at },
      update: { ...fields, status: "pending", note: null, decidedAt: null, decidedById: null, createdAt: at, updatedAt: at },
    });
    await journalOutcome(tx, campaignLead, step, null, `Waiting for a person: ${TASK_KIND_LABELS[kind]}`);
    await moveCampaignLead(tx, campaignLead.id, { phase: "approval", waitUntil: null });
    return false;
  });
}
