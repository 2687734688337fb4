// A mailbox's turn in the forecast (executor: take-mailbox-turn.ts, perform-email-step.ts and
// settle-email-leads-without-mailbox.ts): the same turn policy and e-mail step decisions from the
// core (decideEmailStep), on the simulated facts (dead addresses and opt-outs included). What the
// recipient does with each e-mail is planned when it goes out (sim-world.ts emailSent): replies,
// bounces and complaints come back as events (sim-email-events.ts); without one, an e-mail step
// moves on by its no-reply branch once its delay is over.
import { listedOf } from "./sim-listed";
import { DEFAULT_CAMPAIGN_VERIFICATION } from "../../../schemas/verification";
import { decideEmailStep, type EmailStepFacts, type PreviousEmail } from "../../../domain/sequence/decide-email-step";
import { aiLinesAsWritten, forecastAiLines } from "../../../domain/sequence/ai-lines";
import { holdForAiLines } from "./sim-turn";
import { mailboxRest } from "../../../domain/sequence/human-gaps";
import { afterAction } from "../../../domain/sequence/step-timing";
import { CANDIDATES_PER_SENDER, isEmailStep, mailboxCanActAt, mailboxTurnOrder } from "../../../domain/sequence/turn-policy";
import { emailCopyHasLinks } from "../../../domain/mail/email-content";
import { hasChoices } from "../../../domain/sequence/spintax";
import type { Variant } from "../../../domain/sequence/decide-step";
import type { WiredStep } from "../../../schemas/sequence";
import { mailboxRemaining, type MailboxState } from "./sim-mailboxes";
import type { DueEntry } from "./sim-senders";
import type { SimLead } from "./simulation-types";
import { addressOf, type SimWorld } from "./sim-world";

/** The earlier e-mail of a lead the simulation e-mailed: its identity and subject do not matter here. */
const SIMULATED_PREVIOUS: PreviousEmail = { messageId: "<forecast@herald.invalid>", references: [], subject: "" };

type CampaignOpen = (campaignId: string, at: number) => boolean;
type EmailResult = "sent" | "resolved" | "held" | "capped";

/** performEmailStep, for the simulation; `mailbox` null for a lead whose campaign has none. */
function performEmail(world: SimWorld, mailbox: MailboxState | null, lead: SimLead, step: WiredStep, at: number): EmailResult {
  const campaign = world.campaigns.get(lead.campaignId)!;
  const facts: EmailStepFacts = {
    sequence: campaign.sequence,
    step,
    campaignLeadId: lead.id,
    at,
    listed: listedOf(world, lead),
    holder: world.holderOf(lead),
    address: lead.email ?? null,
    optedOut: lead.emailOptOut ?? false,
    deadAddress: world.deadAddresses.has(addressOf(lead)),
    // The verifications stored when the forecast began; an address verified again before its first
    // e-mail is assumed to keep its result (an address without one is assumed to pass).
    verification: lead.verification ?? null,
    verificationPolicy: campaign.verification ?? DEFAULT_CAMPAIGN_VERIFICATION,
    verificationDue: false,
    hasMailbox: mailbox !== null,
    capped: false,
    // Threading decides the headers and subject, not when anything happens; only whether the e-mail
    // is a reply matters (its subject's placeholders then do not count).
    previous: lead.emailContacted ? SIMULATED_PREVIOUS : null,
    // AI lines are written only for a lead the e-mail would go to: until then, taken as written.
    fields: { ...lead.fields, ...aiLinesAsWritten(step) },
  };
  let decision = decideEmailStep(facts);
  if (decision.kind === "act") {
    // The lead's AI lines, as the executor's writer and its approvers would have them (ai-lines.ts).
    if (holdForAiLines(world, lead, step, decision.variant, decision.spin, at)) return "held";
    const ai = forecastAiLines(step, decision.variant, decision.spin, lead.fields ?? {}, true);
    if (ai.kind === "ready" && Object.keys(ai.fields).length) decision = decideEmailStep({ ...facts, fields: { ...lead.fields, ...ai.fields } });
  }
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
      world.record(lead, step, at, decision.outcome, false);
      world.place(lead, step, decision.outcome, at);
      return "resolved";
    case "capped":
    // Never: the forecast verifies nothing (verificationDue is false above).
    case "verify":
      return "capped";
    case "hold":
      world.rest(lead, "paused", at);
      return "resolved";
    case "act":
      // The core acts only with a mailbox.
      if (!mailbox) return "resolved";
      send(world, mailbox, lead, step, hasLinks(decision.variant, mailbox.signature ?? null, decision.spin.seed), at);
      return "sent";
  }
}

/**
 * Whether the e-mail will have a link to click (the core's rule), in the version of the copy the lead
 * gets: asked once per variant and signature, and per lead when the body has spintax (a link may sit
 * in some alternatives only).
 */
const linksOf = new WeakMap<Variant, { spins: boolean; bySignature: Map<string | null, boolean> }>();
function hasLinks(variant: Variant, signature: string | null, seed: string | null): boolean {
  let known = linksOf.get(variant);
  if (!known) linksOf.set(variant, (known = { spins: hasChoices(variant.text) || hasChoices(variant.html) || hasChoices(variant.fallbackText), bySignature: new Map() }));
  if (known.spins) return emailCopyHasLinks(variant, signature, seed);
  let links = known.bySignature.get(signature);
  if (links === undefined) known.bySignature.set(signature, (links = emailCopyHasLinks(variant, signature, seed)));
  return links;
}

/** The e-mail goes out: the mailbox counts it and rests its gap; the lead waits out the step's delay, then takes its no-reply branch. */
function send(world: SimWorld, mailbox: MailboxState, lead: SimLead, step: WiredStep, links: boolean, at: number): void {
  mailbox.sentToday += 1;
  ({ until: mailbox.nextSendAt, count: mailbox.sendCount } = mailboxRest(mailbox.id, mailbox.sendCount, at));
  world.countEmail(mailbox.id, lead, at);
  world.emailSent(mailbox, lead, step.id, at, links);
  world.record(lead, step, at, null, true);
  lead.emailContacted = true;
  if (lead.status === "pending") lead.status = "running";
  const next = afterAction(world.campaigns.get(lead.campaignId)!.sequence, step, new Date(at));
  if (next.kind === "place") world.place(lead, step, null, at);
  else world.await(lead, next.until.getTime());
}

/** Puts a due lead on an e-mail step in its mailbox's line, or with the leads that have none. */
export function pushEmailReady(world: SimWorld, due: DueEntry): void {
  const lead = world.leads.get(due.leadId)!;
  const entry = { ...due, followUp: Boolean(lead.emailContacted) };
  if (!lead.mailboxId) {
    world.unmailed.push(entry);
    return;
  }
  // A mailbox that is gone sends nothing: its leads wait, as in the executor.
  world.mailboxes.get(lead.mailboxId)?.ready.push(entry);
}

/** Leads a turn of this pass placed on an e-mail step already due join their mailbox's line (its turn comes after the senders'). */
export function takeInDueEmails(world: SimWorld, at: number): void {
  const later: DueEntry[] = [];
  while (world.due.size && world.due.peek()!.at <= at) {
    const entry = world.due.pop()!;
    const lead = world.leads.get(entry.leadId)!;
    if (!world.isCurrent(entry) || !world.moving(lead)) continue;
    if (lead.phase === "ready" && isEmailStep(world.stepOf(lead)?.type)) pushEmailReady(world, entry);
    else later.push(entry);
  }
  for (const entry of later) world.due.push(entry);
}

/** settleEmailLeadsWithoutMailbox: the core settles the due e-mail steps of leads without a mailbox, in open campaigns. */
export function settleUnmailed(world: SimWorld, at: number, campaignOpen: CampaignOpen): void {
  const waiting: DueEntry[] = [];
  while (world.unmailed.size) {
    const entry = world.unmailed.pop()!;
    const lead = world.leads.get(entry.leadId)!;
    if (!world.isCurrent(entry) || !world.moving(lead) || lead.mailboxId) continue;
    const step = world.stepOf(lead);
    if (!step || !isEmailStep(step.type)) continue;
    if (!campaignOpen(lead.campaignId, at)) waiting.push(entry);
    else performEmail(world, null, lead, step, at);
  }
  for (const entry of waiting) world.unmailed.push(entry);
}

/** Whether a lead in the mailbox's line may be e-mailed at `at` by it: still current, and its campaign open with the mailbox in its pool. */
function sendable(world: SimWorld, mailbox: MailboxState, entry: DueEntry, at: number, campaignOpen: CampaignOpen): boolean {
  const lead = world.leads.get(entry.leadId)!;
  return world.sendsFor(mailbox.id, lead.campaignId) && campaignOpen(lead.campaignId, at);
}

/** mailboxesWithWork (run-executor-pass.ts): free mailboxes with a due lead they may e-mail now, the longest-resting first. */
export function mailboxesWithWork(world: SimWorld, at: number, campaignOpen: CampaignOpen): MailboxState[] {
  return [...world.mailboxes.values()]
    .filter(
      (mailbox) =>
        mailboxCanActAt(mailbox, at) &&
        mailbox.ready.some((entry) => {
          const lead = world.leads.get(entry.leadId)!;
          return world.isCurrent(entry) && world.moving(lead) && sendable(world, mailbox, entry, at, campaignOpen);
        }),
    )
    .sort(mailboxTurnOrder);
}

/**
 * takeMailboxTurn: within its daily limit, the mailbox looks at its first due leads of open
 * campaigns (one batch, in the core's candidate order) and sends one e-mail at most; leads that
 * are held or skipped do not use the turn.
 */
export function takeMailboxTurn(world: SimWorld, mailbox: MailboxState, at: number, campaignOpen: CampaignOpen): void {
  if (!mailboxCanActAt(mailbox, at) || mailboxRemaining(mailbox, at) <= 0) return;
  const putBack: DueEntry[] = [];
  const batch: DueEntry[] = [];
  while (batch.length < CANDIDATES_PER_SENDER) {
    const entry = mailbox.ready.pop();
    if (!entry) break;
    const lead = world.leads.get(entry.leadId)!;
    if (!world.isCurrent(entry) || !world.moving(lead) || lead.mailboxId !== mailbox.id) continue;
    if (sendable(world, mailbox, entry, at, campaignOpen)) batch.push(entry);
    else putBack.push(entry);
  }
  // One kind of step and one limit: a batch never finds a new cap, so the turn reads one batch (readAnotherBatch).
  let index = 0;
  for (; index < batch.length; index++) {
    const lead = world.leads.get(batch[index]!.leadId)!;
    const step = world.stepOf(lead);
    if (!step) continue;
    const result = performEmail(world, mailbox, lead, step, at);
    if (result === "capped") break;
    if (result === "sent") {
      index++;
      break;
    }
  }
  putBack.push(...batch.slice(index));
  for (const entry of putBack) if (world.isCurrent(entry)) mailbox.ready.push(entry);
}
