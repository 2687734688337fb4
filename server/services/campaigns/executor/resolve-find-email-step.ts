// A find_email step, when it falls due (resolveDueWaits): the core (decideFindEmail) says what to
// do; this file pays, asks the installation's e-mail finder and stores the outcome. The credit is
// debited before the lookup, in the transaction that claims the step with a `looking` journal row
// (the unique (lead, step) key: two passes never both pay), and refunded with the `no` outcome when
// nothing is found; a found address is set on the lead only while it still has none.
import { db, Prisma } from "../../../db/client";
import { now } from "../../../lib/clock";
import { isHeraldError } from "../../../lib/errors";
import { logger } from "../../../lib/logger";
import { getEmailFinder } from "../../../providers/email-finder";
import type { WiredSequence, WiredStep } from "../../../schemas/sequence";
import { decideFindEmail, FIND_EMAIL_COST, type FindEmailLookup } from "../../../domain/sequence/decide-find-email";
import { placeAfter } from "../../../domain/sequence/step-timing";
import { UNREACHABLE_RETRY_MS } from "../../../domain/sequence/turn-policy";
import { debitAiCredits } from "../../credits/debit-ai-credits";
import { refundAiCredits } from "../../credits/refund-ai-credits";
import { withOutbox } from "../../events/with-outbox";
import { emailFinderInput } from "../email-finder-input";
import type { LeadInCampaign } from "./perform-lead-step";
import { lockCampaignLead, placeCampaignLead, setCampaignLeadStatus } from "./settle-campaign-lead";

/** The journal status of a lookup paid for and under way (or interrupted: the next pass takes it up again without paying twice). */
export const LOOKING = "looking";

const referenceOf = (campaignLead: LeadInCampaign, step: WiredStep) => `find-email:${campaignLead.id}:${step.id}`;

/**
 * Claims the step for a lookup: the lead still moving and at this step, the credit debited and the
 * journal row `looking`, in one transaction. "claimed" too for a lookup a crash interrupted (paid already).
 */
async function claimLookup(campaignLead: LeadInCampaign, step: WiredStep): Promise<"claimed" | "moved" | "no-credits"> {
  return db.$transaction(async (tx) => {
    const status = await lockCampaignLead(tx, campaignLead.id);
    if (status !== "pending" && status !== "running") return "moved";
    const current = await tx.campaignLead.findUniqueOrThrow({ where: { id: campaignLead.id }, select: { currentStepId: true, phase: true } });
    if (current.currentStepId !== step.id || current.phase !== "ready") return "moved";
    const key = { campaignLeadId_stepId: { campaignLeadId: campaignLead.id, stepId: step.id } };
    const journal = await tx.campaignLeadStep.findUnique({ where: key, select: { status: true } });
    if (journal?.status === LOOKING) return "claimed";
    try {
      await debitAiCredits({ workspaceId: campaignLead.workspaceId, amount: FIND_EMAIL_COST, reason: "email-lookup", reference: referenceOf(campaignLead, step) }, tx);
    } catch (error) {
      // The debit refuses before writing anything, so the transaction goes on and simply ends.
      if (isHeraldError(error) && error.code === "insufficient-credits") return "no-credits";
      throw error;
    }
    const at = now();
    await tx.campaignLeadStep.upsert({
      where: key,
      create: { campaignLeadId: campaignLead.id, campaignId: campaignLead.campaignId, stepId: step.id, stepType: step.type, status: LOOKING, startedAt: at },
      update: { status: LOOKING, outcome: null, detail: null, startedAt: at, finishedAt: null },
    });
    return "claimed";
  });
}

/** The address onto the lead, only while it has none; an address the workspace unsubscribed stays unsubscribed on this lead too. */
async function setFoundAddress(tx: Prisma.TransactionClient, campaignLead: LeadInCampaign, email: string, at: Date): Promise<void> {
  await tx.$executeRaw`
    UPDATE "Lead" l SET email = ${email}, "updatedAt" = ${at},
      "emailOptOut" = l."emailOptOut" OR o."emailOptOutAt" IS NOT NULL, "emailOptOutAt" = COALESCE(l."emailOptOutAt", o."emailOptOutAt")
    FROM (SELECT max("emailOptOutAt") AS "emailOptOutAt" FROM "Lead"
          WHERE "workspaceId" = ${campaignLead.workspaceId} AND lower(email) = lower(${email}) AND "emailOptOut") o
    WHERE l.id = ${campaignLead.leadId} AND (l.email IS NULL OR btrim(l.email) = '')`;
}

/** Resolves a due find_email step for one lead; returns whether the lead moved on (or was held). */
export async function resolveFindEmailStep(campaignLead: LeadInCampaign, sequence: WiredSequence, step: WiredStep, at: Date): Promise<boolean> {
  const first = decideFindEmail({ email: campaignLead.lead.email });
  if (first.kind === "branch") {
    await finish(campaignLead, sequence, step, at, first.outcome, first.detail);
    return true;
  }
  const claim = await claimLookup(campaignLead, step);
  if (claim === "moved") return false;
  let lookup: FindEmailLookup;
  if (claim === "no-credits") {
    lookup = { kind: "no-credits" };
  } else {
    try {
      const found = await getEmailFinder().find(emailFinderInput(campaignLead.lead, campaignLead));
      lookup = found ? { kind: "found", ...found } : { kind: "not-found" };
    } catch (error) {
      // The finder could not answer: nothing was found, so nothing is owed; the lead is looked up again later.
      logger.warn("The e-mail finder failed; the lead is looked up again later", { campaignLeadId: campaignLead.id, error });
      await db.$transaction(async (tx) => {
        await refundAiCredits({ workspaceId: campaignLead.workspaceId, amount: FIND_EMAIL_COST, reference: `${referenceOf(campaignLead, step)}:failed` }, tx);
        await tx.campaignLeadStep.deleteMany({ where: { campaignLeadId: campaignLead.id, stepId: step.id, status: LOOKING } });
        await tx.campaignLead.update({ where: { id: campaignLead.id }, data: { waitUntil: new Date(at.getTime() + UNREACHABLE_RETRY_MS) } });
      });
      return false;
    }
  }
  const decision = decideFindEmail({ email: null, lookup });
  switch (decision.kind) {
    case "hold":
      // Paused with the reason, which the campaign's leads show; resuming looks the lead up again.
      await withOutbox((tx, emit) => setCampaignLeadStatus(tx, emit, campaignLead, "paused", { error: decision.reason, heldBy: Prisma.DbNull }));
      return true;
    case "branch":
      await finish(campaignLead, sequence, step, at, decision.outcome, decision.detail, decision.email);
      return true;
    case "look-up":
      return false;
  }
}

/** Records the step's outcome and moves the lead on its branch: the address found set on the lead, or the credit refunded when none was. */
async function finish(campaignLead: LeadInCampaign, sequence: WiredSequence, step: WiredStep, at: Date, outcome: "yes" | "no", detail: string, email?: string): Promise<void> {
  await withOutbox(async (tx, emit) => {
    const key = { campaignLeadId_stepId: { campaignLeadId: campaignLead.id, stepId: step.id } };
    const looked = (await tx.campaignLeadStep.findUnique({ where: key, select: { status: true } }))?.status === LOOKING;
    if (email) await setFoundAddress(tx, campaignLead, email, at);
    else if (looked) await refundAiCredits({ workspaceId: campaignLead.workspaceId, amount: FIND_EMAIL_COST, reference: `${referenceOf(campaignLead, step)}:not-found` }, tx);
    await tx.campaignLeadStep.upsert({
      where: key,
      create: { campaignLeadId: campaignLead.id, campaignId: campaignLead.campaignId, stepId: step.id, stepType: step.type, status: "done", outcome, detail, startedAt: at, finishedAt: at },
      update: { status: "done", outcome, detail, finishedAt: at },
    });
    await placeCampaignLead(tx, emit, campaignLead, placeAfter(sequence, step, outcome, at));
  });
}
