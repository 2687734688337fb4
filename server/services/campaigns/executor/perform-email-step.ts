// Carries out one lead's current e-mail step with its mailbox: gather the facts, ask the decision
// core, write the intent (the journal row and the composed e-mail, within the mailbox's daily
// limit), hand the e-mail to the mail server, record the outcome. The journal's unique (lead, step)
// key means a step happens at most once per lead; a crash between sending and recording leaves the
// intent `sending`, which the mailbox's next turn reconciles with its provider (findSent).
import { randomBytes } from "node:crypto";
import { db, Prisma } from "../../../db/client";
import type { Campaign, EmailMessage, Mailbox } from "../../../db/generated/client";
import { now } from "../../../lib/clock";
import { logger } from "../../../lib/logger";
import { getMailProvider } from "../../../providers/mail";
import { isMailProviderError, type MailboxHandle, type MailProvider, type MailProviderName, type SentEmail } from "../../../providers/mail/types";
import type { WiredSequence, WiredStep } from "../../../schemas/sequence";
import { decideEmailStep, threadRootOf, type EmailStepDecision, type EmailStepFacts, type PreviousEmail } from "../../../domain/sequence/decide-email-step";
import { isVerificationDue } from "../../../domain/verification/verification-due";
import { campaignVerificationOf } from "../../../schemas/verification";
import { saveAddressVerifications } from "../../verification/save-address-verifications";
import { verifyAddresses } from "../../verification/verify-addresses";
import { resolverForMailbox } from "../../../providers/dns";
import type { EmailLeadFacts } from "./read-email-facts";
import type { Holder } from "../../../domain/sequence/decide-step";
import { UNREACHABLE_RETRY_MS } from "../../../domain/sequence/turn-policy";
import { composeCampaignEmail } from "../../mail/sending/compose-campaign-email";
import { withOutbox } from "../../events/with-outbox";
import { mailboxHandle } from "../../mail/mailboxes/mailbox-handle";
import { markMailboxError } from "../../mail/mailboxes/mark-mailbox-error";
import { isRefusedMailHost } from "../../../providers/mail/smtp/mail-host-guard";
import { countMailboxUsage } from "../../mail/mailboxes/count-mailbox-usage";
import { findMailboxTrackingDomains } from "../../mail/tracking/find-mailbox-tracking-domains";
import { readTracking, readUnsubscribe } from "../campaign-columns";
import { mergeFields } from "../lead-merge-fields";
import { aiLineSource, latestPostOf } from "../ai-lines/ai-line-source";
import { deferForAiLines, holdForAiLines, noteAiFallbacks } from "./hold-for-ai-lines";
import { resolveAiLines } from "../ai-lines/resolve-ai-lines";
import { aiLinesAsWritten } from "../../../domain/sequence/ai-lines";
import { failLead, resolveWithout, type LeadInCampaign } from "./perform-lead-step";
import { firstEmailNotice } from "./first-email-notice";
import { recordEmailSent } from "./record-email-sent";
import { RETRYING } from "./retry-email-step";
import { lockCampaignLead, moveCampaignLead, setCampaignLeadStatus } from "./settle-campaign-lead";

export type EmailStepResult =
  /** The e-mail went out (or may have: its intent is kept for reconciliation); the mailbox's turn is used. */
  | { kind: "sent" }
  /** The step resolved without an e-mail (a skip, a failure, a lead held); the mailbox may send to another lead. */
  | { kind: "resolved" }
  /** The mailbox reached its daily limit. */
  | { kind: "capped" }
  /** The mailbox cannot send now (signed out, refused, unreachable). */
  | { kind: "mailbox-unavailable" };

class LeadMovedOn extends Error {}
class MailboxCapped extends Error {}

/**
 * The lead's latest sent e-mail in the thread of its first e-mail of this campaign: what a
 * follow-up answers (a step that started a new thread does not move the campaign's thread). A
 * bounced e-mail never arrived: a step sent again after a soft bounce sends the same e-mail, not
 * a reply to it.
 */
export async function previousEmail(campaignLeadId: string): Promise<PreviousEmail | null> {
  const sent = await db.emailMessage.findMany({
    where: { campaignLeadId, direction: "outbound", status: "sent", bouncedAt: null },
    orderBy: { createdAt: "asc" },
    select: { messageId: true, references: true, subject: true, threadRootId: true },
  });
  const root = sent[0]?.threadRootId;
  const latest = sent.filter((email) => email.threadRootId === root).at(-1);
  return latest ? { messageId: latest.messageId, references: latest.references, subject: latest.subject } : null;
}

/** Forgets an intent that never left the mailbox, so the step runs again later (the lead pending again if it had not started). */
export async function dropEmailIntent(journalId: string, emailId: string, campaignLeadId: string): Promise<void> {
  await db.$transaction([
    db.emailMessage.deleteMany({ where: { id: emailId, status: "sending" } }),
    db.campaignLeadStep.deleteMany({ where: { id: journalId } }),
    db.campaignLead.updateMany({ where: { id: campaignLeadId, status: "running", contacted: false, emailContacted: false, journal: { none: {} } }, data: { status: "pending" } }),
  ]);
}

/**
 * The step's journal row, `sending`: a new one, or the row of a step to be sent again after a soft
 * bounce (retry-email-step.ts; the bounced e-mail keeps why). Any other row means the step
 * happened already (the unique key refuses a second one, P2002).
 */
async function writeStepIntent(tx: Prisma.TransactionClient, input: { campaignLeadId: string; campaignId: string; step: WiredStep; variantId: string; at: Date }) {
  const { campaignLeadId, campaignId, step, variantId, at } = input;
  const retried = await tx.campaignLeadStep.updateMany({
    where: { campaignLeadId, stepId: step.id, status: RETRYING },
    data: { status: "sending", variantId, detail: null, startedAt: at, finishedAt: null },
  });
  if (retried.count) return tx.campaignLeadStep.findUniqueOrThrow({ where: { campaignLeadId_stepId: { campaignLeadId, stepId: step.id } } });
  return tx.campaignLeadStep.create({ data: { campaignLeadId, campaignId, stepId: step.id, stepType: step.type, variantId, status: "sending", startedAt: at } });
}

/** The address is dead for the workspace (a hard bounce, or repeated soft ones): its e-mail steps are skipped. */
export async function isDeadAddress(workspaceId: string, address: string | null): Promise<boolean> {
  if (!address) return false;
  return (await db.deadEmailAddress.count({ where: { workspaceId, address: address.toLowerCase() } })) > 0;
}

/** A new RFC 5322 Message-ID at the mailbox's domain, chosen before sending so the intent records it. */
export function randomMessageId(mailboxEmail: string): string {
  const domain = mailboxEmail.split("@")[1] || "herald.invalid";
  return `<${randomBytes(16).toString("hex")}@${domain}>`;
}

/**
 * Verifies the lead's address now (its first e-mail is due and its verification is missing or old)
 * and stores the result, classified as stored results always are (for campaigns that target companies).
 */
async function verifyNow(workspaceId: string, address: string, mailbox: Mailbox): Promise<EmailStepFacts["verification"]> {
  // A sandbox mailbox's mail never leaves Herald: its recipients' domains are asked of the sandbox's
  // simulated zones (as its health checks are), each DNS with its own cache (verification-resolver.ts).
  const [result] = await verifyAddresses({ workspaceId, addresses: [address], targetsCompanies: true, resolver: resolverForMailbox(mailbox) });
  if (!result) return null;
  await saveAddressVerifications(workspaceId, [result], now());
  return { status: result.status, check: result.check, reason: result.reason };
}

/** Carries out a decision that sends nothing. */
async function carryOut(decision: Exclude<EmailStepDecision, { kind: "act" | "verify" }>, campaignLead: LeadInCampaign, sequence: WiredSequence, step: WiredStep): Promise<EmailStepResult> {
  switch (decision.kind) {
    case "held":
      await db.campaignLead.update({ where: { id: campaignLead.id }, data: { heldBy: { ...decision.holder }, waitUntil: new Date(decision.retryAt), updatedAt: now() } });
      return { kind: "resolved" };
    case "fail":
      await failLead(campaignLead, step, decision.message);
      return { kind: "resolved" };
    case "resolve":
      // A step to be sent again after a soft bounce that is now skipped (the address died meanwhile): the skip is its journal row.
      await db.campaignLeadStep.deleteMany({ where: { campaignLeadId: campaignLead.id, stepId: step.id, status: RETRYING } });
      await resolveWithout(campaignLead, sequence, step, decision.outcome, decision.detail);
      return { kind: "resolved" };
    case "capped":
      return { kind: "capped" };
    case "hold":
      // Paused with the reason, which the campaign's leads show; resuming looks at the lead again.
      await withOutbox((tx, emit) => setCampaignLeadStatus(tx, emit, campaignLead, "paused", { error: decision.reason, heldBy: Prisma.DbNull }));
      return { kind: "resolved" };
  }
}

export async function performEmailStep(input: {
  campaign: Campaign;
  sequence: WiredSequence;
  campaignLead: LeadInCampaign;
  /** The lead's mailbox; null when the campaign has none for it. */
  mailbox: Mailbox | null;
  step: WiredStep;
  holder: Holder | null;
  /** The mailbox reached its daily limit (as the turn counted it). */
  capped: boolean;
  /** The do-not-contact list's and verification's facts, read with the batch (read-email-facts.ts). */
  facts: EmailLeadFacts;
}): Promise<EmailStepResult> {
  const { campaign, sequence, campaignLead, mailbox, step } = input;
  const lead = campaignLead.lead;
  const address = lead.email?.trim().toLowerCase() || null;
  const { listed, verification } = input.facts;
  // A listed lead fails before anything else is read (decideEmailStep's first rule).
  const reads = !listed && !input.holder;
  let facts: EmailStepFacts = {
    sequence,
    step,
    campaignLeadId: campaignLead.id,
    at: now().getTime(),
    listed,
    holder: input.holder,
    address,
    optedOut: lead.emailOptOut,
    deadAddress: reads ? await isDeadAddress(campaign.workspaceId, address) : false,
    verification,
    verificationPolicy: campaignVerificationOf(campaign.verification),
    // Only when an e-mail can go out: a lead without a mailbox fails (or skips) without a look-up.
    verificationDue: mailbox !== null && isVerificationDue({
      checkedAt: verification?.checkedAt ?? null,
      emailContacted: campaignLead.emailContacted,
      maxAgeDays: input.facts.verificationMaxAgeDays,
      at: now().getTime(),
    }),
    hasMailbox: mailbox !== null,
    capped: input.capped,
    previous: reads && address ? await previousEmail(campaignLead.id) : null,
    // AI lines are written only for a lead the e-mail would go to: until then, taken as written.
    fields: { ...mergeFields(lead, campaignLead), ...aiLinesAsWritten(step) },
  };
  let decision = decideEmailStep(facts);
  if (decision.kind === "verify" && address && mailbox) {
    facts = { ...facts, verification: await verifyNow(campaign.workspaceId, address, mailbox), verificationDue: false };
    decision = decideEmailStep(facts);
  }
  if (decision.kind === "verify") return { kind: "resolved" };
  if (decision.kind !== "act") return carryOut(decision, campaignLead, sequence, step);
  // The core only acts with an address and a mailbox.
  if (!mailbox || !address) return { kind: "resolved" };
  const ai = await resolveAiLines({
    owner: { workspaceId: campaign.workspaceId, campaignId: campaign.id, campaignLeadId: campaignLead.id, leadId: lead.id, stepId: step.id, linkedinAccountId: campaignLead.linkedinAccountId },
    step,
    variant: decision.variant,
    spin: decision.spin,
    source: async () => aiLineSource(lead, await latestPostOf(lead, campaignLead.linkedinAccountId), mailbox.fromName ?? null),
  });
  if (ai.kind === "await-approval") {
    await holdForAiLines(campaignLead.id, step.id, ai.lines);
    return { kind: "resolved" };
  }
  if (ai.kind === "later") {
    await deferForAiLines(campaignLead.id, step.id, ai.until);
    return { kind: "resolved" };
  }
  const fields = { ...mergeFields(lead, campaignLead), ...ai.fields };
  if (Object.keys(ai.fields).length) {
    // The lines as written: one that took no value may leave a placeholder empty (whenValueMissing).
    decision = decideEmailStep({ ...facts, fields });
    if (decision.kind === "verify") return { kind: "resolved" };
    if (decision.kind !== "act") return carryOut(decision, campaignLead, sequence, step);
  }
  if (campaignLead.heldBy) await db.campaignLead.update({ where: { id: campaignLead.id }, data: { heldBy: Prisma.DbNull } });
  const { variant, thread, spin } = decision;

  // The provider and the mailbox's secrets before any intent: a mailbox that cannot even be opened sends nothing.
  let provider: MailProvider;
  let handle: MailboxHandle;
  try {
    provider = await getMailProvider(mailbox.provider as MailProviderName);
    handle = mailboxHandle(mailbox);
  } catch (error) {
    logger.error("A mailbox could not be opened for a campaign e-mail", { mailboxId: mailbox.id, error });
    return { kind: "mailbox-unavailable" };
  }

  const at = now();
  const messageId = randomMessageId(mailbox.email);
  let intent: { journalId: string; email: EmailMessage; headers: Record<string, string> };
  try {
    intent = await db.$transaction(async (tx) => {
      // Stopped or paused since the turn read it: leave the lead alone.
      const status = await lockCampaignLead(tx, campaignLead.id);
      if (status !== "pending" && status !== "running") throw new LeadMovedOn();
      // One intent at a time per mailbox decides on its day's last e-mail.
      await tx.$executeRaw`SELECT 1 FROM "Mailbox" WHERE id = ${mailbox.id} FOR UPDATE`;
      if ((await countMailboxUsage(mailbox, at, tx)).remaining <= 0) throw new MailboxCapped();
      const journal = await writeStepIntent(tx, { campaignLeadId: campaignLead.id, campaignId: campaign.id, step, variantId: variant.id, at });
      const row = await tx.emailMessage.create({
        data: {
          workspaceId: campaign.workspaceId,
          mailboxId: mailbox.id,
          leadId: lead.id,
          campaignLeadId: campaignLead.id,
          campaignId: campaign.id,
          stepId: step.id,
          variantId: variant.id,
          direction: "outbound",
          source: "campaign",
          status: "sending",
          messageId,
          threadRootId: threadRootOf(thread, messageId),
          inReplyTo: thread?.inReplyTo ?? null,
          references: thread?.references ?? [],
          threaded: thread !== null,
          fromAddress: mailbox.email,
          toAddress: address,
          subject: "",
          text: "",
          trackingToken: randomBytes(24).toString("base64url"),
          createdAt: at,
          updatedAt: at,
        },
      });
      // Composed once the row exists: the unsubscribe link names the e-mail it came in.
      const composed = composeCampaignEmail({
        workspaceId: campaign.workspaceId,
        variant,
        thread,
        spin,
        fields,
        address,
        mailbox,
        tracking: readTracking(campaign.tracking),
        unsubscribe: readUnsubscribe(campaign.unsubscribe),
        trackingToken: row.trackingToken!,
        emailMessageId: row.id,
        campaignLeadId: campaignLead.id,
        trackingDomains: await findMailboxTrackingDomains(mailbox, tx),
        notice: await firstEmailNotice(tx, { campaign, campaignLeadId: campaignLead.id, emailMessageId: row.id, fields }),
      });
      const email = await tx.emailMessage.update({ where: { id: row.id }, data: { subject: composed.subject, text: composed.text, html: composed.html } });
      await moveCampaignLead(tx, campaignLead.id, {});
      return { journalId: journal.id, email, headers: composed.headers };
    });
  } catch (error) {
    if (error instanceof LeadMovedOn) return { kind: "resolved" };
    if (error instanceof MailboxCapped) return { kind: "capped" };
    // The step's journal row exists already: another turn took it.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return { kind: "resolved" };
    throw error;
  }

  const { journalId, email } = intent;
  let sent: SentEmail;
  try {
    const fullName = [lead.firstName, lead.lastName].filter(Boolean).join(" ").trim();
    sent = await provider.send(handle, {
      from: { name: mailbox.fromName, address: mailbox.email },
      to: { name: fullName || null, address },
      subject: email.subject,
      text: email.text,
      html: email.html,
      messageId: email.messageId,
      inReplyTo: email.inReplyTo,
      references: email.references,
      headers: intent.headers,
    });
  } catch (error) {
    return handleSendError(error, { campaignLead, mailbox, journalId, email });
  }
  await recordEmailSent({ campaign, sequence, campaignLead, mailbox, step, journalId, email, providerMessageId: sent.providerMessageId ?? null });
  await noteAiFallbacks(campaignLead.id, step.id, ai.fallbacks);
  return { kind: "sent" };
}

/**
 * A send that failed: the lead fails when the server refused its address; the mailbox is marked in
 * error when it was signed out or refused to send (nothing left, the lead waits for it); an
 * unreachable server is tried again later; a timeout or an unexpected failure may have sent the
 * e-mail, so the intent stays for the next turn to reconcile and nothing is sent twice.
 */
async function handleSendError(
  error: unknown,
  context: { campaignLead: LeadInCampaign; mailbox: Mailbox; journalId: string; email: EmailMessage },
): Promise<EmailStepResult> {
  const { campaignLead, mailbox, journalId, email } = context;
  if (!isMailProviderError(error) || error.code === "timeout") {
    logger.warn("A campaign e-mail may or may not have been sent; its mailbox's next turn reconciles it", { mailboxId: mailbox.id, emailMessageId: email.id, error });
    return { kind: "mailbox-unavailable" };
  }
  switch (error.code) {
    case "recipient-refused":
      await failEmailStep(campaignLead, journalId, email, `The receiving mail server refused ${email.toAddress}: ${error.message}`);
      return { kind: "resolved" };
    case "auth-failed":
    case "oauth-expired":
    case "sending-refused":
      await dropEmailIntent(journalId, email.id, campaignLead.id);
      await markMailboxError(mailbox.id, error);
      return { kind: "mailbox-unavailable" };
    case "host-unreachable":
    case "tls-failed":
      await dropEmailIntent(journalId, email.id, campaignLead.id);
      // A server at an address the installation does not connect to stays refused: reconnect it.
      if (isRefusedMailHost(error)) await markMailboxError(mailbox.id, error);
      else await restMailbox(mailbox.id);
      return { kind: "mailbox-unavailable" };
    default:
      // Another answer of the server: one worth retrying is tried again later; a final one fails the lead.
      if (error.retryable) {
        await dropEmailIntent(journalId, email.id, campaignLead.id);
        await restMailbox(mailbox.id);
        return { kind: "mailbox-unavailable" };
      }
      await failEmailStep(campaignLead, journalId, email, `The mail server did not accept the e-mail: ${error.message}`);
      return { kind: "resolved" };
  }
}

/**
 * The e-mail, its journal row and the lead fail together, in one transaction: an intent is never
 * left half settled (a journal row `sending` beside a failed e-mail would keep the lead from its step).
 */
async function failEmailStep(campaignLead: LeadInCampaign, journalId: string, email: EmailMessage, message: string): Promise<void> {
  await withOutbox(async (tx, emit) => {
    const at = now();
    await tx.emailMessage.update({ where: { id: email.id }, data: { status: "failed", error: message, updatedAt: at } });
    await tx.campaignLeadStep.update({ where: { id: journalId }, data: { status: "failed", detail: message, finishedAt: at } });
    await setCampaignLeadStatus(tx, emit, campaignLead, "failed", { error: message });
  });
}

/** A mailbox whose server could not be reached rests a while before its next try. */
async function restMailbox(mailboxId: string): Promise<void> {
  await db.mailbox.updateMany({ where: { id: mailboxId }, data: { nextSendAt: new Date(now().getTime() + UNREACHABLE_RETRY_MS) } });
}
