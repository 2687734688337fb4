// A sender's turn in the forecast (executor: take-sender-turn.ts, perform-lead-step.ts and
// perform-drafted-step.ts): the same turn policy and step decisions from the core, on the simulated
// facts, with the outcome model answering for the prospects. Drafts (comments, voice notes) are
// assumed approved the moment they are made: the lead is due again at once, and the sender's next
// turn sends the draft; drafting never runs out of AI credits.
import { listedOf } from "./sim-listed";
import { capReachedBy, cappedStepKinds, CAP_OF_ACTION } from "../../../domain/sender-limits";
import { chooseStepVariant } from "../../../domain/sequence/choose-variant";
import { forecastAiLines, type AiLineFacts } from "../../../domain/sequence/ai-lines";
import { copySeed, type CopySpin } from "../../../domain/sequence/spintax";
import { decideStep, draftNeedsApproval, inmailSpendsCredit, recordingFor, type StepDecision, type StepFacts, type Variant } from "../../../domain/sequence/decide-step";
import { DEFAULT_CAMPAIGN_APPROVALS } from "../../../schemas/approvals";
import { senderRest } from "../../../domain/sequence/human-gaps";
import { isWithinSchedule } from "../../../domain/sequence/schedule";
import { afterAction } from "../../../domain/sequence/step-timing";
import { CANDIDATES_PER_SENDER, readAnotherBatch } from "../../../domain/sequence/turn-policy";
import type { StepType, WiredStep } from "../../../schemas/sequence";
import { rollUsage, type DueEntry, type SenderState } from "./sim-senders";
import type { ActionKind, SimLead } from "./simulation-types";
import type { SimWorld } from "./sim-world";

type TurnResult = "acted" | "resolved" | "capped" | "unavailable" | "held";

const KIND_OF_ACTION: Record<string, ActionKind> = { invitation: "invitations", message: "messages", voice_note: "messages", inmail: "inmails", profile_view: "profileViews" };

/** The sender's caps and counts, as the reservation's cap rule takes them (campaigns never bypass the weekly limit). */
function capsOf(sender: SenderState) {
  return { limits: { daily: sender.daily, weeklyInvitations: sender.weeklyInvitations, weeklyLimitBypassed: false }, used: { day: sender.day, weekInvitations: sender.week } };
}

/** Whether the reservation would refuse the action now (reserve-sender-action.ts asks the same rule). */
function capped(sender: SenderState, action: string, at: number): boolean {
  rollUsage(sender, at);
  const { limits, used } = capsOf(sender);
  return capReachedBy(action, limits, used, { honourWeeklyBypass: false }) !== null;
}

/** performLeadStep, for the simulation. */
function perform(world: SimWorld, sender: SenderState, lead: SimLead, step: WiredStep, at: number): TurnResult {
  const connected = lead.invitationAccepted || world.model.isConnected(sender.id, lead);
  const facts: StepFacts = {
    step,
    campaignLeadId: lead.id,
    at,
    listed: listedOf(world, lead),
    holder: world.holderOf(lead),
    hasProfile: lead.hasProfile,
    profile: { connected, invitationPending: world.invitationPending(sender.id, lead), openProfile: lead.openProfile },
    inmailBalance: sender.inmailBalance,
    capped: false,
    draft: lead.draftApproved ? "approved" : "none",
    approvalRequired: draftNeedsApproval(world.campaigns.get(lead.campaignId)?.approvals ?? DEFAULT_CAMPAIGN_APPROVALS, step.type),
    recentPost: step.type === "comment_post" || step.type === "like_post" ? (world.model.hasRecentPost?.(lead, at) ?? true) : null,
    hasRecording: step.type === "voice_note" ? recordingFor(step, chooseStepVariant(step, lead.id), sender.id) !== null : undefined,
  };
  let decision: StepDecision = decideStep(facts);
  if ((decision.kind === "act" || decision.kind === "draft") && capped(sender, decision.action, at)) decision = decideStep({ ...facts, capped: true });
  switch (decision.kind) {
    case "held":
      lead.waitUntil = decision.retryAt;
      world.schedule(lead);
      return "held";
    case "fail":
      world.record(lead, step, at, null, false);
      world.rest(lead, "failed", at);
      return "resolved";
    case "resolve":
      if (decision.accepted) lead.invitationAccepted = true;
      world.record(lead, step, at, decision.outcome, false);
      world.place(lead, step, decision.outcome, at);
      return "resolved";
    case "await-invitation":
      world.record(lead, step, at, null, false);
      world.await(lead, decision.waitUntil);
      return "resolved";
    case "pause-sender":
      sender.available = false;
      lead.waitUntil = decision.retryAt;
      world.schedule(lead);
      return "unavailable";
    case "skip":
      world.record(lead, step, at, null, false);
      world.place(lead, step, null, at);
      return "resolved";
    case "capped":
      return "capped";
    case "draft":
      if (!decision.approval) {
        act(world, sender, lead, step, decision.action, at);
        return "acted";
      }
      draft(world, sender, lead, at);
      return "acted";
    case "act":
      // The executor read the lead's profile before acting, which always gives a name to write from.
      if (holdForAiLines(world, lead, step, decision.variant, { seed: copySeed(lead.id, step.id, decision.variant.id) }, at, { ...lead.fields, firstName: lead.fields?.firstName ?? "LinkedIn member" })) return "held";
      act(world, sender, lead, step, decision.action, at);
      return "acted";
    default:
      return "resolved";
  }
}

/**
 * A step whose AI lines wait for approval (ai-lines.ts forecastAiLines): the lead is held once,
 * using no turn (hold-for-ai-lines.ts), and the lines are taken as approved at once: due again now.
 */
export function holdForAiLines(world: SimWorld, lead: SimLead, step: WiredStep, variant: Variant, spin: CopySpin, at: number, facts: AiLineFacts = lead.fields ?? {}): boolean {
  if (forecastAiLines(step, variant, spin, facts, lead.aiApprovedStepId === step.id).kind !== "await-approval") return false;
  lead.aiApprovedStepId = step.id;
  if (lead.status === "pending") lead.status = "running";
  lead.waitUntil = at;
  world.schedule(lead);
  return true;
}

/** The sender rests its human-like gap after using its turn. */
function rest(sender: SenderState, at: number): void {
  ({ until: sender.nextActionAt, count: sender.actionCount } = senderRest(sender.id, sender.actionCount, at));
}

/**
 * The sender drafts for approval (hold-draft-for-approval.ts): its turn is used, no cap; the draft
 * is approved at once, so the lead is due again now and the sender's next turn sends it.
 */
function draft(world: SimWorld, sender: SenderState, lead: SimLead, at: number): void {
  rest(sender, at);
  if (lead.status === "pending") lead.status = "running";
  lead.draftApproved = true;
  lead.phase = "ready";
  lead.waitUntil = at;
  world.schedule(lead);
}

/** The sender acts: its caps, its human-like gap, and the lead waits for an answer or moves on. */
function act(world: SimWorld, sender: SenderState, lead: SimLead, step: WiredStep, action: string, at: number): void {
  const cap = CAP_OF_ACTION[action]!;
  sender.day[cap] += 1;
  if (action === "invitation") sender.week += 1;
  rest(sender, at);
  lead.draftApproved = false;
  lead.contacted = true;
  const kind = KIND_OF_ACTION[action];
  // Comments, likes and follows are not among the forecast's counts (they are no outreach a prospect answers).
  if (kind) world.countAction(sender, lead, kind, at);
  world.record(lead, step, at, null, true);
  if (lead.status === "pending") lead.status = "running";
  const next = afterAction(world.campaigns.get(lead.campaignId)!.sequence, step, new Date(at));
  if (next.kind === "place") {
    world.place(lead, step, null, at);
    return;
  }
  world.await(lead, next.until.getTime());
  if (step.type === "invite") {
    world.invitationSent.add(lead.id);
    world.setInvitationPending(sender.id, lead, true);
    const round = (world.invitationRound.get(lead.id) ?? 0) + 1;
    world.invitationRound.set(lead.id, round);
    const acceptAt = world.model.invitationSent(sender.id, lead, at);
    if (acceptAt !== null) world.events.push({ at: acceptAt, kind: "accept", leadId: lead.id, senderId: sender.id, version: round });
    return;
  }
  if (step.type === "inmail" && inmailSpendsCredit(lead)) sender.inmailBalance -= 1;
  const replyAt = world.model.messageSent(sender.id, lead, step.type === "inmail" ? "inmail" : "message", at);
  if (replyAt !== null) world.events.push({ at: replyAt, kind: "reply", leadId: lead.id, senderId: sender.id, version: 0 });
}

/** Whether each campaign's schedule is open, asked once per campaign and minute. */
export function openCampaigns(world: SimWorld) {
  let openAt = Number.NaN;
  const openNow = new Map<string, boolean>();
  return (campaignId: string, at: number) => {
    if (at !== openAt) {
      openAt = at;
      openNow.clear();
    }
    let open = openNow.get(campaignId);
    if (open === undefined) {
      const campaign = world.campaigns.get(campaignId);
      open = Boolean(campaign?.active && isWithinSchedule(campaign.schedule, new Date(at)));
      openNow.set(campaignId, open);
    }
    return open;
  };
}

/** Puts a due lead in its sender's line, under its step's kind, a follow-up once the campaign reached it on LinkedIn. */
export function pushReady(world: SimWorld, sender: SenderState, entry: DueEntry): void {
  const lead = world.leads.get(entry.leadId)!;
  sender.ready.push(world.stepOf(lead)?.type ?? null, { ...entry, followUp: Boolean(lead.contacted) });
}

/**
 * takeTurn: the sender's first due leads of open campaigns, in the core's candidate order, read in
 * batches of the kinds not at their cap; one action at most (readAnotherBatch says when another
 * batch is read).
 */
export function takeTurn(world: SimWorld, sender: SenderState, at: number, campaignOpen: (campaignId: string, at: number) => boolean): void {
  rollUsage(sender, at);
  const { limits, used } = capsOf(sender);
  const cappedKinds = cappedStepKinds(limits, used) as Set<StepType>;
  const putBack: DueEntry[] = [];
  let turnOver = false;
  while (!turnOver) {
    const cappedBefore = cappedKinds.size;
    const excluded = new Set(cappedKinds);
    const batch: DueEntry[] = [];
    while (batch.length < CANDIDATES_PER_SENDER) {
      const entry = sender.ready.popFirst((type) => type === null || !excluded.has(type));
      if (!entry) break;
      const lead = world.leads.get(entry.leadId)!;
      if (!world.isCurrent(entry) || !world.moving(lead) || lead.senderId !== sender.id) continue;
      if (!campaignOpen(lead.campaignId, at)) putBack.push(entry);
      else batch.push(entry);
    }
    let index = 0;
    for (; index < batch.length; index++) {
      const lead = world.leads.get(batch[index]!.leadId)!;
      const step = world.stepOf(lead);
      if (!step || cappedKinds.has(step.type)) {
        putBack.push(batch[index]!);
        continue;
      }
      const result = perform(world, sender, lead, step, at);
      if (result === "capped") {
        cappedKinds.add(step.type);
        putBack.push(batch[index]!);
        continue;
      }
      if (result === "acted" || result === "unavailable") {
        turnOver = true;
        index++;
        break;
      }
    }
    putBack.push(...batch.slice(index));
    if (turnOver || !readAnotherBatch({ size: batch.length, cappedBefore, cappedAfter: cappedKinds.size })) break;
  }
  for (const entry of putBack) if (world.isCurrent(entry)) pushReady(world, sender, entry);
}
