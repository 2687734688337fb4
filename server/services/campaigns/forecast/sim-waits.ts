// The forecast's resolveDueWaits: answers that did not come in time, conditions, find_email steps
// and leads past their last step, decided by the core (decideWait, decideFindEmail) on the simulated facts.
import { listedOf } from "./sim-listed";
import { decideRefusal } from "../../../domain/sequence/decide-step";
import { decideFindEmail } from "../../../domain/sequence/decide-find-email";
import { decideCondition, decideWait, type ConditionFacts } from "../../../domain/sequence/decide-wait";
import type { SimLead } from "./simulation-types";
import type { SimWorld } from "./sim-world";

/** What a condition finds of the lead now (the executor's conditionFacts): the network's connection, its records, its e-mails. */
export function simConditionFacts(world: SimWorld, lead: SimLead, at: number): ConditionFacts {
  const connected = lead.invitationAccepted || (lead.senderId !== null && world.model.isConnected(lead.senderId, lead));
  return { connected, openProfile: lead.openProfile, email: lead.email ?? null, hasLinkedin: lead.hasProfile, fields: lead.fields ?? {}, emails: world.emailsOf(lead), at };
}

/** Resolves a due lead that needs no sender's turn; "turn" when its step is an action for its sender. */
export function resolveWait(world: SimWorld, lead: SimLead, at: number): "resolved" | "postponed" | "turn" {
  const campaign = world.campaigns.get(lead.campaignId)!;
  const decision = decideWait({ step: world.stepOf(lead), phase: lead.phase, at, schedule: campaign.schedule, key: lead.id });
  switch (decision.kind) {
    case "end":
      world.rest(lead, "done", at);
      return "resolved";
    case "postpone":
      lead.waitUntil = decision.until;
      world.schedule(lead);
      return "postponed";
    case "no-answer":
      if (decision.withdraw && world.invitationSent.has(lead.id)) {
        if (lead.senderId) {
          world.model.invitationWithdrawn(lead.senderId, lead);
          world.setInvitationPending(lead.senderId, lead, false);
        }
        world.invitationRound.set(lead.id, (world.invitationRound.get(lead.id) ?? 0) + 1);
      }
      world.resolveOutcome(lead, decision.step.id, "no");
      world.place(lead, decision.step, "no", at);
      return "resolved";
    case "condition": {
      const step = decision.step;
      const decided = decideCondition(step, simConditionFacts(world, lead, at));
      if (decided.outcome === "wait") {
        // An e-mail activity condition whose window is open: the lead waits at it (sim-email-events.ts moves it on an open or a click).
        if (lead.phase !== "waiting") world.record(lead, step, at, null, false);
        world.await(lead, decided.until);
        return "postponed";
      }
      if (lead.phase === "waiting") world.resolveOutcome(lead, step.id, decided.outcome);
      else world.record(lead, step, at, decided.outcome, false);
      world.place(lead, step, decided.outcome, at);
      return "resolved";
    }
    case "task": {
      // A task is a step towards the person: the do-not-contact list refuses it (open-manual-task.ts).
      if (!lead.taskOpen && decideRefusal(listedOf(world, lead))) {
        world.record(lead, decision.step, at, null, false);
        world.rest(lead, "failed", at);
        return "resolved";
      }
      // The task goes in the queue (a lead already waiting at it when the forecast began has its journal row).
      if (lead.taskOpen) lead.taskOpen = false;
      else world.record(lead, decision.step, at, null, false);
      lead.waitUntil = null;
      world.bump(lead.id);
      world.tasksOpen.push(lead.id);
      return "resolved";
    }
    case "find-email": {
      // The finder's answer was read once when the forecast began (a lead never looked up counts as not found); credits are assumed to suffice.
      const found = lead.foundEmail ? { kind: "found" as const, email: lead.foundEmail, source: "forecast" } : { kind: "not-found" as const };
      const decided = decideFindEmail({ email: lead.email ?? null, lookup: found });
      if (decided.kind === "hold") {
        world.rest(lead, "paused", at);
        return "resolved";
      }
      if (decided.kind !== "branch") return "resolved";
      if (decided.email) {
        lead.email = decided.email;
        lead.emailOptOut = lead.emailOptOut || Boolean(lead.foundEmailOptedOut);
        lead.fields = { ...lead.fields, email: decided.email };
      }
      world.record(lead, decision.step, at, decided.outcome, false);
      world.place(lead, decision.step, decided.outcome, at);
      return "resolved";
    }
    default:
      return "turn";
  }
}

/**
 * The forecast assumes a person marks each manual task done right after the pass that put it in the
 * queue (as server/test/campaign-driver.ts's approver does): the lead continues from that moment.
 */
export function finishTasks(world: SimWorld, at: number): void {
  for (const leadId of world.tasksOpen.splice(0)) {
    const lead = world.leads.get(leadId)!;
    const step = world.stepOf(lead);
    if (step?.type === "task" && (world.moving(lead) || lead.status === "paused")) world.place(lead, step, null, at);
  }
}
