// A delivery report says one of Herald's e-mails did not arrive. The e-mail is marked `bounced`, the
// mailbox counts it (once per e-mail), and decideEmailBounce says what follows: a hard bounce (or the
// soft one that reaches the limit) kills the address for the whole workspace and fails the lead on
// the step that sent it; an earlier soft bounce sends that step again later. email.bounced tells it.
// The same report read twice changes nothing; a hard report after a soft one for the same e-mail
// (the server gave up) takes effect once more, without counting the e-mail again.
import { addDoNotContactEntries } from "../../do-not-contact/add-do-not-contact-entries";
import type { Prisma } from "../../../db/client";
import type { EmailMessage, Mailbox } from "../../../db/generated/client";
import { now } from "../../../lib/clock";
import { decideEmailBounce, type BounceDecision } from "../../../domain/sequence/decide-email-bounce";
import { retryEmailStep } from "../../campaigns/executor/retry-email-step";
import { failCampaignLeadOnStep, setCampaignLeadStatus } from "../../campaigns/executor/settle-campaign-lead";
import { STOPPABLE } from "../../campaigns/unsubscribe-address";
import type { Emit } from "../../events/with-outbox";
import type { IncomingMatch, IncomingOutcome, ParsedBounce } from "./inbound-types";
import { emitEmailBounced, lockActiveCampaignLead, lockReportedEmail } from "./reported-email";
import { pauseMailboxOnBounceRate } from "./pause-mailbox-on-bounce-rate";

/** What the lead's side of the bounce changes: the decision, and whether the lead failed on it. */
async function applyToLead(tx: Prisma.TransactionClient, emit: Emit, outbound: EmailMessage, bounce: ParsedBounce, at: Date): Promise<{ decision: BounceDecision; leadFailed: boolean }> {
  // Locked before it is read: two bounces of the lead's e-mails at once count its soft bounces one after the other.
  const leadActive = await lockActiveCampaignLead(tx, outbound.campaignLeadId);
  const campaignLead = outbound.campaignLeadId
    ? await tx.campaignLead.findUnique({ where: { id: outbound.campaignLeadId }, include: { lead: { select: { firstName: true, lastName: true, publicIdentifier: true } } } })
    : null;
  const decision = decideEmailBounce({
    severity: bounce.severity,
    softBouncesBefore: campaignLead?.softBounces ?? 0,
    leadActive,
    leadAtStep: !!campaignLead && !!outbound.stepId && campaignLead.currentStepId === outbound.stepId,
    at: at.getTime(),
  });
  if (!campaignLead) return { decision, leadFailed: false };
  // The e-mail funnel counts a lead's bounces once, whichever of its e-mails bounced first.
  if (!campaignLead.emailBouncedAt) await tx.campaignLead.update({ where: { id: campaignLead.id }, data: { emailBouncedAt: at } });
  if (decision.softBounces !== campaignLead.softBounces) {
    await tx.campaignLead.update({ where: { id: campaignLead.id }, data: { softBounces: decision.softBounces, updatedAt: at } });
  }
  if (decision.lead.kind === "retry" && outbound.stepId) {
    await retryEmailStep(tx, { campaignLeadId: campaignLead.id, stepId: outbound.stepId, retryAt: new Date(decision.lead.at), reason: bounce.message });
  }
  if (decision.lead.kind !== "fail") return { decision, leadFailed: false };
  const leadFailed = outbound.stepId
    ? await failCampaignLeadOnStep(tx, emit, campaignLead, { id: outbound.stepId, type: "email" }, decision.lead.message, { variantId: outbound.variantId, from: [...STOPPABLE] })
    : await setCampaignLeadStatus(tx, emit, campaignLead, "failed", { error: decision.lead.message }, [...STOPPABLE]);
  return { decision, leadFailed };
}

export async function recordEmailBounce(
  tx: Prisma.TransactionClient,
  emit: Emit,
  /** `stored`: the report as it arrived in the mailbox; null for an e-mail API provider's webhook event, which is no message. */
  input: { mailbox: Mailbox; stored: EmailMessage | null; match: IncomingMatch; bounce: ParsedBounce },
): Promise<IncomingOutcome> {
  const { stored, bounce } = input;
  const outbound = await lockReportedEmail(tx, input.match.outboundEmailId);
  if (!outbound) return "unmatched";
  // A delay notice: the server is still trying, and may yet deliver it (sending it again would double it).
  if (bounce.action === "delayed") {
    if (stored) await tx.emailMessage.update({ where: { id: stored.id }, data: { skipReason: "A delay notice: the receiving server is still trying to deliver the e-mail" } });
    return "bounce";
  }
  const first = outbound.bouncedAt === null;
  const givenUp = !first && outbound.bounceKind === "soft" && bounce.severity === "hard";
  if (!first && !givenUp) return "bounce";

  const at = now();
  // The mailbox before the lead, in the order the executor's recording of a sent e-mail takes them.
  if (first) await tx.mailbox.update({ where: { id: outbound.mailboxId }, data: { bouncedCount: { increment: 1 }, updatedAt: at } });
  const { decision, leadFailed } = await applyToLead(tx, emit, outbound, bounce, at);
  await tx.emailMessage.update({
    where: { id: outbound.id },
    data: {
      // An e-mail still being recorded as sent keeps its status for that; the bounce is noted all the same.
      ...(outbound.status === "sending" ? {} : { status: "bounced" }),
      bouncedAt: at,
      bounceKind: decision.hard ? "hard" : "soft",
      bounceStatus: bounce.status,
      bounceMessage: bounce.message,
      updatedAt: at,
    },
  });
  const recipient = outbound.toAddress.trim().toLowerCase();
  if (decision.deadAddress) {
    await tx.deadEmailAddress.createMany({
      data: [{ workspaceId: outbound.workspaceId, address: recipient, status: bounce.status, message: bounce.message, mailboxId: outbound.mailboxId, emailMessageId: outbound.id, createdAt: at }],
      skipDuplicates: true,
    });
    // The dead address goes on the do-not-contact list, so a lead imported again with it is refused too.
    await addDoNotContactEntries(tx, { workspaceId: outbound.workspaceId, entries: [{ kind: "email", value: recipient, reason: "bounce" }], at });
  }
  await emitEmailBounced(emit, outbound, {
    kind: "bounce",
    bounce: { action: bounce.action, status: bounce.status, message: bounce.message },
    deadAddress: decision.deadAddress,
    leadFailed,
    at,
  });
  await pauseMailboxOnBounceRate(tx, emit, outbound.mailboxId);
  return "bounce";
}
