// A soft bounce sends the e-mail step again later (decideEmailBounce's `retry`): the lead goes back
// to the step, due at `retryAt`, and the step's journal row is marked `retrying` with the reason,
// which the step's next intent takes over (perform-email-step.ts) despite the journal's unique
// (lead, step) key. Called by the inbound effects (server/services/mail/inbound) in the
// transaction that stores the bounce; the caller counts the lead's soft bounces and marks the
// bounced e-mail.
import type { Prisma } from "../../../db/client";
import { now } from "../../../lib/clock";
import { lockCampaignLead, moveCampaignLead } from "./settle-campaign-lead";

/** The journal status of an e-mail step to be sent again (after a soft bounce). */
export const RETRYING = "retrying";

/**
 * Puts the campaign lead back on the e-mail step `stepId`, ready at `retryAt`. A lead that finished
 * meanwhile is left alone; a paused lead stays paused and sends again once resumed; a step whose
 * e-mail is being sent right now (its intent `sending`) is left to that send.
 */
export async function retryEmailStep(tx: Prisma.TransactionClient, input: { campaignLeadId: string; stepId: string; retryAt: Date; reason: string }): Promise<void> {
  const status = await lockCampaignLead(tx, input.campaignLeadId);
  if (status !== "pending" && status !== "running" && status !== "paused") return;
  const journal = await tx.campaignLeadStep.findUnique({ where: { campaignLeadId_stepId: { campaignLeadId: input.campaignLeadId, stepId: input.stepId } } });
  if (journal?.status === "sending") return;
  const at = now();
  if (journal) await tx.campaignLeadStep.update({ where: { id: journal.id }, data: { status: RETRYING, detail: input.reason, finishedAt: at } });
  await moveCampaignLead(tx, input.campaignLeadId, {
    currentStepId: input.stepId,
    currentStepType: journal?.stepType ?? "email",
    phase: "ready",
    waitUntil: input.retryAt,
  });
}
