// The network's answers in the forecast, as the executor receives them (on-invitation-accepted.ts,
// on-reply-received.ts): an acceptance or a reply concerns the person and the sender, so every lead
// of that person with that sender takes it, whatever its campaign. What comes back to a mailbox
// (replies, bounces, complaints) is sim-email-events.ts's.
import { applyEmailEvent } from "./sim-email-events";
import type { QueuedEvent, SimWorld } from "./sim-world";

/**
 * Applies the network's answers due up to the pass at `at`. A reply ends the lead when the pass
 * takes it in (the executor's finishedAt); an acceptance places the next step from its own time.
 * Mail arrives at the pass too: the sandbox mailboxes are read in the network's minute.
 */
export function applyEventsUntil(world: SimWorld, at: number): void {
  while (world.events.size && world.events.peek()!.at <= at) applyEvent(world, world.events.pop()!, at);
}

function applyEvent(world: SimWorld, event: QueuedEvent, at: number): void {
  if ("mailboxId" in event) return applyEmailEvent(world, event, at);
  const lead = world.leads.get(event.leadId);
  if (!lead || lead.senderId !== event.senderId) return;
  const open = (candidate: typeof lead) => world.moving(candidate) || candidate.status === "paused";
  if (event.kind === "reply") {
    for (const other of world.samePersonAndSender(lead, event.senderId)) {
      if (!open(other)) continue;
      world.rest(other, "replied", at);
      if (world.reported(other)) world.replied.add(other.id);
    }
    return;
  }
  if (lead.invitationAccepted || event.version !== (world.invitationRound.get(lead.id) ?? 0)) return;
  world.model.accepted(event.senderId, lead);
  world.setInvitationPending(event.senderId, lead, false);
  for (const other of world.samePersonAndSender(lead, event.senderId)) {
    // The connection is made whatever the lead's campaign does with it (one that finished, or stopped, counts too).
    if (world.reported(other)) world.accepted.add(other.id);
    if (other.invitationAccepted || !open(other)) continue;
    other.invitationAccepted = true;
    const step = world.stepOf(other);
    if (step?.type === "invite" && other.phase === "waiting") {
      world.resolveOutcome(other, step.id, "yes");
      world.place(other, step, "yes", event.at, at);
    }
  }
}
