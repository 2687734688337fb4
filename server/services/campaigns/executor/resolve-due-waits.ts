// The executor's transitions that need no sender turn: answers that did not come in time (the no
// branch after an invitation or a message), conditions, find_email steps (resolve-find-email-step.ts),
// and leads of an empty sequence. A
// withdrawal is an action on LinkedIn, so it waits for the campaign's schedule, and the ones that
// piled up while it was closed are spread over the next window's first hours.
import { db, type DbClient, type Prisma } from "../../../db/client";
import type { Campaign } from "../../../db/generated/client";
import { asksLinkedin, decideCondition, decideWait, hasLinkedinProfile, type ConditionFacts } from "../../../domain/sequence/decide-wait";
import type { WiredStep } from "../../../schemas/sequence";
import { mergeFields } from "../lead-merge-fields";
import { isConnected } from "../../../domain/sequence/decide-step";
import { now } from "../../../lib/clock";
import { logger } from "../../../lib/logger";
import { getLinkedinProvider } from "../../../providers/linkedin";
import { withOutbox } from "../../events/with-outbox";
import { placeAfter } from "../../../domain/sequence/step-timing";
import { CONDITION_STEP_TYPES, WAITS_PER_BATCH, dueOrder } from "../../../domain/sequence/turn-policy";
import { scheduleOf, sequenceOf, stepById } from "./load-campaign-sequence";
import type { LeadInCampaign } from "./perform-lead-step";
import { lockCampaignLead, moveCampaignLead, placeCampaignLead } from "./settle-campaign-lead";
import { isEmailActivityCondition } from "../../../domain/sequence/decide-email-activity";
import { emailActivityOf } from "./email-activity-of";
import { resolveFindEmailStep } from "./resolve-find-email-step";
import { openManualTask } from "./open-manual-task";
import type { DoNotContactMatch } from "../../../domain/do-not-contact/entries";
import { findListedPeople } from "../../do-not-contact/find-listed-people";

/** The step's journal row: its outcome, or (null) that the lead waits at it; a row the lead waited on keeps its start. */
export async function journalOutcome(client: DbClient, campaignLead: Pick<LeadInCampaign, "id" | "campaignId">, step: WiredStep, outcome: "yes" | "no" | null, detail: string) {
  const at = now();
  const finishedAt = outcome ? at : null;
  await client.campaignLeadStep.upsert({
    where: { campaignLeadId_stepId: { campaignLeadId: campaignLead.id, stepId: step.id } },
    create: { campaignLeadId: campaignLead.id, campaignId: campaignLead.campaignId, stepId: step.id, stepType: step.type, status: "done", outcome, detail, startedAt: at, finishedAt },
    update: { outcome, detail, finishedAt },
  });
}

/**
 * Locks the lead's row and tells whether it still stands where it was read (another pass or an open
 * may have moved it since), moving (or, with `paused`, paused too).
 */
export async function stillAt(tx: Prisma.TransactionClient, campaignLead: Pick<LeadInCampaign, "id" | "currentStepId" | "phase">, options: { paused?: boolean } = {}): Promise<boolean> {
  await lockCampaignLead(tx, campaignLead.id);
  const row = await tx.campaignLead.findUnique({ where: { id: campaignLead.id }, select: { status: true, currentStepId: true, phase: true } });
  const going = row?.status === "pending" || row?.status === "running" || (options.paused === true && row?.status === "paused");
  return Boolean(row && going && row.currentStepId === campaignLead.currentStepId && row.phase === campaignLead.phase);
}

/**
 * What a condition needs to know: Herald's records of the lead, and for a LinkedIn condition what
 * LinkedIn says when the sender can ask (else the records: the accepted invitation, the profile last read).
 */
export async function conditionFacts(campaignLead: LeadInCampaign, condition: WiredStep, at: Date, client: DbClient = db): Promise<ConditionFacts> {
  const { lead } = campaignLead;
  const known = {
    connected: campaignLead.invitationAccepted,
    openProfile: lead.openProfile,
    email: lead.email,
    hasLinkedin: hasLinkedinProfile(lead),
    fields: mergeFields(lead, campaignLead),
    emails: isEmailActivityCondition(condition.type) ? await emailActivityOf(client, campaignLead.id) : [],
    at: at.getTime(),
  };
  if (!asksLinkedin(condition)) return known;
  const sender = campaignLead.linkedinAccountId ? await db.linkedinAccount.findUnique({ where: { id: campaignLead.linkedinAccountId } }) : null;
  const target = lead.profileUrl ?? lead.publicIdentifier;
  if (sender && sender.connectionStatus === "connected" && target) {
    try {
      const provider = await getLinkedinProvider();
      const profile = await provider.getProfile(sender.providerAccountId, target);
      return { ...known, connected: isConnected(profile), openProfile: profile.openProfile };
    } catch (error) {
      logger.debug("Condition check fell back to Herald's own records", { campaignLeadId: campaignLead.id, error });
    }
  }
  return known;
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

/**
 * Resolves every wait, condition and finished sequence that is due when the pass starts (those it
 * places on a step due at once resolve in the next pass, as the forecast assumes), reading them in
 * batches of `batchSize`. Returns how many leads moved on.
 */
export async function resolveDueWaits(batchSize = WAITS_PER_BATCH): Promise<number> {
  const at = now();
  // Three narrow queries, each on an index, rather than one OR that would read every due lead
  // (most of them are waiting for a sender's turn, not for this).
  const moving = { status: { in: ["pending" as const, "running" as const] }, waitUntil: { lte: at }, campaign: { status: "active" } };
  const query = (where: Prisma.CampaignLeadWhereInput) => db.campaignLead.findMany({ where: { ...moving, ...where }, select: { id: true, waitUntil: true, seq: true } });
  const found = await Promise.all([query({ phase: "waiting" }), query({ phase: "ready", currentStepType: { in: [...CONDITION_STEP_TYPES] } }), query({ currentStepType: null })]);
  const due = [...new Map(found.flat().map((row) => [row.id, row])).values()].sort((a, b) => dueOrder({ waitUntil: a.waitUntil!.getTime(), seq: a.seq }, { waitUntil: b.waitUntil!.getTime(), seq: b.seq }));
  let resolved = 0;
  for (let offset = 0; offset < due.length; offset += batchSize) {
    const ids = due.slice(offset, offset + batchSize).map((row) => row.id);
    const rows = await db.campaignLead.findMany({ where: { ...moving, id: { in: ids } }, include: { lead: true, campaign: true } });
    const byId = new Map(rows.map((row) => [row.id, row]));
    const listed = await listedAtTasks(rows);
    for (const id of ids) {
      const row = byId.get(id);
      if (row && (await resolveOne(row, at, listed.get(row.lead.id) ?? null))) resolved++;
    }
  }
  return resolved;
}

/**
 * The do-not-contact list's answer for the batch's leads at a manual task (a task is a step towards
 * the person): one query per workspace among them, none when no lead of the batch is at a task.
 */
async function listedAtTasks(rows: LeadInCampaign[]): Promise<Map<string, DoNotContactMatch>> {
  const atTask = rows.filter((row) => row.currentStepType === "task" && row.phase === "ready");
  const workspaces = [...new Set(atTask.map((row) => row.workspaceId))];
  const found = await Promise.all(workspaces.map((workspaceId) => findListedPeople(workspaceId, atTask.filter((row) => row.workspaceId === workspaceId).map((row) => row.lead))));
  return new Map(found.flatMap((map) => [...map]));
}

/** Carries out the core's decision for one due lead; returns whether it moved on. */
async function resolveOne(row: LeadInCampaign & { campaign: Campaign }, at: Date, listed: DoNotContactMatch | null): Promise<boolean> {
  const { campaign, ...campaignLead } = row;
  const sequence = sequenceOf(campaign);
  const step = stepById(sequence, campaignLead.currentStepId);
  const decision = decideWait({ step, phase: campaignLead.phase === "waiting" ? "waiting" : "ready", at: at.getTime(), schedule: scheduleOf(campaign), key: campaignLead.id });
  switch (decision.kind) {
    case "end":
      await withOutbox((tx, emit) => placeCampaignLead(tx, emit, campaignLead, { kind: "end" }));
      return true;
    case "postpone":
      await db.campaignLead.update({ where: { id: campaignLead.id }, data: { waitUntil: new Date(decision.until) } });
      return false;
    case "no-answer": {
      const waited = decision.step;
      if (decision.withdraw) await withdraw(campaignLead, waited.id);
      await journalOutcome(db, campaignLead, waited, "no", decision.detail);
      await withOutbox((tx, emit) => placeCampaignLead(tx, emit, campaignLead, placeAfter(sequence, waited, "no", at)));
      return true;
    }
    case "condition": {
      const condition = decision.step;
      const facts = await conditionFacts(campaignLead, condition, at);
      return withOutbox(async (tx, emit) => {
        if (!(await stillAt(tx, campaignLead))) return false;
        // The lead's e-mails as they stand now that it is locked: an open recorded since the pass began
        // (its hook found the lead not yet waiting) counts, as the forecast counts it.
        const known = isEmailActivityCondition(condition.type) ? { ...facts, emails: await emailActivityOf(tx, campaignLead.id), at: Math.max(at.getTime(), now().getTime()) } : facts;
        const decided = decideCondition(condition, known);
        if (decided.outcome === "wait") {
          // The window after the e-mail is still open: the lead waits at the condition for an open or a click (on-email-activity.ts).
          if (campaignLead.phase !== "waiting") await journalOutcome(tx, campaignLead, condition, null, decided.detail);
          await moveCampaignLead(tx, campaignLead.id, { phase: "waiting", waitUntil: new Date(decided.until) });
          return false;
        }
        await journalOutcome(tx, campaignLead, condition, decided.outcome, decided.detail);
        await placeCampaignLead(tx, emit, campaignLead, placeAfter(sequence, condition, decided.outcome, at));
        return true;
      });
    }
    case "find-email":
      return resolveFindEmailStep(campaignLead, sequence, decision.step, at);
    case "task":
      return openManualTask(campaignLead, decision.step, listed);
    default:
      return false;
  }
}
