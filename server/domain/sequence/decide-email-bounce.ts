// What a bounce or a spam complaint about a campaign e-mail does to the address and to the lead,
// given the facts the caller gathered. The executor asks it when a delivery report or a feedback
// report arrives in the mailbox (server/services/mail/inbound), the forecast when its simulated
// recipient bounces or complains, so both agree. Pure.

/** A soft bounce (4.x.x: mailbox full, greylisted, server busy) is retried after this long. */
export const SOFT_BOUNCE_RETRY_MS = 4 * 60 * 60 * 1000;
/** The soft bounce that makes a lead's address count as dead (the third one). */
export const SOFT_BOUNCE_LIMIT = 3;

export const ADDRESS_BOUNCED = "The lead's e-mail address does not receive mail (the e-mail bounced)";
export const ADDRESS_KEPT_BOUNCING = "The lead's e-mail address kept bouncing: Herald stopped trying";
export const SPAM_COMPLAINT = "The lead reported the e-mail as spam: Herald will not e-mail this address again";

export interface BounceFacts {
  /** hard: 5.x.x (the address does not exist, the domain has no mail server); soft: 4.x.x. */
  severity: "hard" | "soft";
  /** The lead's soft bounces before this one (CampaignLead.softBounces). */
  softBouncesBefore: number;
  /** The campaign lead is still going (pending, running or paused); a finished lead is not touched. */
  leadActive: boolean;
  /** The lead is still at the step that sent the e-mail (waiting for its answer, or due on it). */
  leadAtStep: boolean;
  at: number;
}

export type BounceLeadEffect =
  /** The lead fails on the step that sent the e-mail, with this message. */
  | { kind: "fail"; message: string }
  /** The step is sent again at `at` (the lead goes back to it, ready). */
  | { kind: "retry"; at: number }
  /** The lead is left as it is (finished, or past the step: a later step's e-mail would bounce on its own). */
  | { kind: "none" };

export interface BounceDecision {
  /** Counted as a hard bounce (a hard one, or the soft one that reached the limit). */
  hard: boolean;
  /** The address is dead for the whole workspace: e-mail steps skip it (decideEmailStep's deadAddress). */
  deadAddress: boolean;
  /** The lead's soft bounces after this one. */
  softBounces: number;
  lead: BounceLeadEffect;
}

export function decideEmailBounce(facts: BounceFacts): BounceDecision {
  const softBounces = facts.severity === "soft" ? facts.softBouncesBefore + 1 : facts.softBouncesBefore;
  const hard = facts.severity === "hard" || softBounces >= SOFT_BOUNCE_LIMIT;
  if (hard) {
    const message = facts.severity === "hard" ? ADDRESS_BOUNCED : ADDRESS_KEPT_BOUNCING;
    return { hard, deadAddress: true, softBounces, lead: facts.leadActive ? { kind: "fail", message } : { kind: "none" } };
  }
  const retry = facts.leadActive && facts.leadAtStep;
  return { hard, deadAddress: false, softBounces, lead: retry ? { kind: "retry", at: facts.at + SOFT_BOUNCE_RETRY_MS } : { kind: "none" } };
}

export interface ComplaintDecision {
  /** Every lead of the workspace with the address is opted out of e-mail (as by unsubscribing). */
  optOut: true;
  /** The campaign lead the e-mail went to stops (status `stopped`), when it is still going. */
  stopLead: boolean;
}

export interface OptOutFacts {
  /** The campaign lead the e-mail went to is still going (pending, running or paused). */
  leadActive: boolean;
  /** The workspace's `optOutStopsLinkedin`: an opt-out stops the whole lead, its LinkedIn steps too. */
  stopsLinkedin: boolean;
}

/**
 * An opt-out (an unsubscribe, a spam complaint) stops the campaign lead the e-mail went to, unless
 * the workspace keeps its LinkedIn steps going: then only its e-mail steps stop, each skipping the
 * opted-out address (decideEmailStep) while the rest of the sequence runs on.
 */
export function optOutStopsLead(facts: OptOutFacts): boolean {
  return facts.leadActive && facts.stopsLinkedin;
}

/** A spam complaint: the address never gets a campaign e-mail again, and the lead's campaign stops (optOutStopsLead). */
export function decideEmailComplaint(facts: OptOutFacts): ComplaintDecision {
  return { optOut: true, stopLead: optOutStopsLead(facts) };
}
