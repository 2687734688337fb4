// What comes back to a mailbox about a campaign e-mail, in the forecast, as the executor takes it in
// when the mailbox is read (server/services/mail/inbound: on-reply-received.ts for replies,
// decideEmailBounce and retry-email-step.ts for bounces, decideEmailComplaint and
// opt-out-email-address.ts for complaints, pauseMailboxOnBounceRate after either), at the pass that
// reads it; and the opens and clicks Herald records (record-email-open.ts, record-email-click.ts),
// which move a lead waiting at an e-mail activity condition (on-email-activity.ts). Auto-replies
// change nothing and are never queued.
import { listAddress } from "./sim-listed";
import { decideEmailBounce, decideEmailComplaint } from "../../../domain/sequence/decide-email-bounce";
import { isEmailActivityCondition } from "../../../domain/sequence/decide-email-activity";
import { decideCondition } from "../../../domain/sequence/decide-wait";
import { simConditionFacts } from "./sim-waits";
import type { SimLead } from "./simulation-types";
import { addressOf, personOf, type EmailEvent, type SimWorld } from "./sim-world";

/** A campaign lead still going: a reply, a bounce or a complaint reaches a paused one too. */
const active = (world: SimWorld, lead: SimLead) => world.moving(lead) || lead.status === "paused";

export function applyEmailEvent(world: SimWorld, event: EmailEvent, at: number): void {
  const lead = world.leads.get(event.leadId);
  if (!lead) return;
  switch (event.kind) {
    case "email-reply":
      // repliedCampaignLeadsWhere: the person's active leads with that mailbox, and the one the e-mail went to.
      for (const other of world.leadsOfPerson.get(personOf(lead)) ?? []) {
        if (!active(world, other) || (other.id !== lead.id && other.mailboxId !== event.mailboxId)) continue;
        world.rest(other, "replied", at);
        if (world.reported(other)) world.replied.add(other.id);
      }
      return;
    case "email-bounce": {
      const decision = decideEmailBounce({
        severity: event.severity ?? "hard",
        softBouncesBefore: lead.softBounces ?? 0,
        leadActive: active(world, lead),
        leadAtStep: lead.stepId === event.stepId,
        at,
      });
      lead.softBounces = decision.softBounces;
      world.markSend(event, at, { hard: decision.hard });
      if (decision.deadAddress) {
        world.deadAddresses.add(event.address);
        // record-email-bounce.ts puts a dead address on the do-not-contact list.
        listAddress(world, event.address);
      }
      if (decision.lead.kind === "fail") world.rest(lead, "failed", at);
      else if (decision.lead.kind === "retry") world.retryEmail(lead, event.stepId, decision.lead.at);
      return;
    }
    case "email-open":
    case "email-click":
      return recordActivity(world, lead, event, at);
    case "email-complaint": {
      const decision = decideEmailComplaint({ leadActive: active(world, lead), stopsLinkedin: world.optOutStopsLinkedin });
      world.markSend(event, at, { complained: true });
      // Every lead of the workspace with the address is opted out.
      for (const other of world.leads.values()) if (addressOf(other) === event.address) other.emailOptOut = true;
      // record-email-complaint.ts puts the address on the do-not-contact list, unless LinkedIn steps go on after an opt-out.
      if (world.optOutStopsLinkedin) listAddress(world, event.address);
      if (decision.stopLead) world.rest(lead, "stopped", at);
      return;
    }
  }
}

/** The open or click is recorded on the e-mail; a lead waiting at a condition it answers takes the yes branch from its moment. */
function recordActivity(world: SimWorld, lead: SimLead, event: EmailEvent, passAt: number): void {
  const email = world.emailsOf(lead).find((candidate) => candidate.emailId === event.emailId);
  if (!email) return;
  if (event.kind === "email-click") email.clickedAt ??= event.at;
  email.openedAt ??= event.at;
  const step = world.stepOf(lead);
  if (!step || (lead.status !== "running" && lead.status !== "paused") || lead.phase !== "waiting" || !isEmailActivityCondition(step.type)) return;
  const decided = decideCondition(step, simConditionFacts(world, lead, event.at));
  if (decided.outcome !== "yes") return;
  world.resolveOutcome(lead, step.id, "yes");
  world.place(lead, step, "yes", event.at, passAt);
}
