// The forecast's resolveDueWaits: answers that did not come in time, conditions, find_email steps
// and leads past their last step, decided by the core (decideWait, decideFindEmail) on the simulated facts.
import { decideFindEmail } from "../../../domain/sequence/decide-find-email";
import { decideCondition, decideWait } from "../../../domain/sequence/decide-wait";
import type { SimLead } from "./simulation-types";
import type { SimWorld } from "./sim-world";

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
      const decided = decideCondition(step, { ...world.conditionFacts(lead), at });
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
