// The executor's transitions that need no sender turn: answers that did not come in time (the no
// branch after an invitation or a message), conditions, and leads of an empty sequence. A
// withdrawal is an action on LinkedIn, so it waits for the campaign's schedule, and the ones that
// piled up while it was closed are spread over the next window's first hours.
import { db, type Prisma } from "../../../db/client";
import { now } from "../../../lib/clock";
import { logger } from "../../../lib/logger";
import { getLinkedinProvider } from "../../../providers/linkedin";
import { withOutbox } from "../../events/with-outbox";
import { isWithinSchedule, spreadIntoNextWindow } from "../../../domain/sequence/schedule";
import { placeAfter } from "../../../domain/sequence/step-timing";
import { scheduleOf, sequenceOf, stepById } from "./load-campaign-sequence";
import type { LeadInCampaign } from "./perform-lead-step";
import { placeCampaignLead } from "./settle-campaign-lead";

const CONDITIONS = ["if_connected", "if_open_profile"];

async function journalOutcome(campaignLead: LeadInCampaign, stepId: string, stepType: string, outcome: "yes" | "no", detail: string) {
  const at = now();
  await db.campaignLeadStep.upsert({
    where: { campaignLeadId_stepId: { campaignLeadId: campaignLead.id, stepId } },
    create: { campaignLeadId: campaignLead.id, campaignId: campaignLead.campaignId, stepId, stepType, status: "done", outcome, detail, startedAt: at, finishedAt: at },
    update: { outcome, detail, finishedAt: at },
  });
}

async function evaluateCondition(campaignLead: LeadInCampaign, type: string): Promise<boolean> {
  const sender = campaignLead.linkedinAccountId ? await db.linkedinAccount.findUnique({ where: { id: campaignLead.linkedinAccountId } }) : null;
  const target = campaignLead.lead.profileUrl ?? campaignLead.lead.publicIdentifier;
  if (sender && sender.connectionStatus === "connected" && target) {
    try {
      const provider = await getLinkedinProvider();
      const profile = await provider.getProfile(sender.providerAccountId, target);
      return type === "if_connected" ? profile.connectionDegree === 1 : profile.openProfile;
    } catch (error) {
      logger.debug("Condition check fell back to Herald's own records", { campaignLeadId: campaignLead.id, error });
    }
  }
  return type === "if_connected" ? campaignLead.invitationAccepted : campaignLead.lead.openProfile;
}

async function withdraw(campaignLead: LeadInCampaign, stepId: string): Promise<void> {
  const action = await db.senderAction.findFirst({
    where: { campaignLeadId: campaignLead.id, stepId, type: "invitation", status: "pending" },
    include: { account: true },
  });
  if (!action?.providerRef) return;
  try {
    const provider = await getLinkedinProvider();
    await provider.withdrawInvitation(action.account.providerAccountId, action.providerRef);
    await db.senderAction.update({
      where: { id: action.id },
      data: { status: "withdrawn", withdrawnAt: now(), openInvitationKey: null, updatedAt: now() },
    });
    await db.campaignLead.update({ where: { id: campaignLead.id }, data: { invitationWithdrawnAt: now() } });
  } catch (error) {
    logger.warn("Could not withdraw an invitation; the lead moves on anyway", { campaignLeadId: campaignLead.id, error });
  }
}

export async function resolveDueWaits(limit = 1000): Promise<number> {
  const at = now();
  // Three narrow queries, each on an index, rather than one OR that would read every due lead
  // (most of them are waiting for a sender's turn, not for this).
  const moving = { status: { in: ["pending" as const, "running" as const] }, waitUntil: { lte: at }, campaign: { status: "active" } };
  const query = (where: Prisma.CampaignLeadWhereInput) =>
    db.campaignLead.findMany({
      where: { ...moving, ...where },
      include: { lead: true, campaign: true },
      orderBy: [{ waitUntil: "asc" }, { seq: "asc" }],
      take: limit,
    });
  const batches = await Promise.all([query({ phase: "waiting" }), query({ phase: "ready", currentStepType: { in: CONDITIONS } }), query({ currentStepType: null })]);
  const due = batches
    .flat()
    .sort((a, b) => a.waitUntil!.getTime() - b.waitUntil!.getTime() || Number(a.seq - b.seq))
    .slice(0, limit);
  let resolved = 0;
  for (const row of due) {
    const { campaign, ...campaignLead } = row;
    const sequence = sequenceOf(campaign);
    const step = stepById(sequence, campaignLead.currentStepId);
    if (!step) {
      await withOutbox((tx, emit) => placeCampaignLead(tx, emit, campaignLead, { kind: "end" }));
      resolved++;
      continue;
    }
    if (campaignLead.phase === "waiting") {
      if (step.type === "invite" && step.config.withdrawEnabled) {
        const schedule = scheduleOf(campaign);
        if (!isWithinSchedule(schedule, at)) {
          const later = spreadIntoNextWindow(schedule, at, campaignLead.id);
          await db.campaignLead.update({ where: { id: campaignLead.id }, data: { waitUntil: later ?? new Date(at.getTime() + 86_400_000) } });
          continue;
        }
        await withdraw(campaignLead, step.id);
      }
      await journalOutcome(campaignLead, step.id, step.type, "no", step.type === "invite" ? "Not accepted in time" : "No reply in time");
      await withOutbox((tx, emit) => placeCampaignLead(tx, emit, campaignLead, placeAfter(sequence, step, "no", at)));
      resolved++;
      continue;
    }
    const result = await evaluateCondition(campaignLead, step.type);
    await journalOutcome(campaignLead, step.id, step.type, result ? "yes" : "no", step.type === "if_connected" ? (result ? "Connected" : "Not connected") : result ? "Open profile" : "Not an open profile");
    await withOutbox((tx, emit) => placeCampaignLead(tx, emit, campaignLead, placeAfter(sequence, step, result ? "yes" : "no", at)));
    resolved++;
  }
  return resolved;
}
