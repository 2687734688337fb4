// Records a campaign e-mail that left its mailbox: the journal and the e-mail are completed, the
// mailbox counts it and rests a human-like gap, the lead waits for a reply (or moves on), and
// email.sent fires. Also used by reconciliation, when an interrupted send turns out to have happened.
import type { Campaign, EmailMessage, Mailbox } from "../../../db/generated/client";
import { now } from "../../../lib/clock";
import type { WiredSequence, WiredStep } from "../../../schemas/sequence";
import { withOutbox } from "../../events/with-outbox";
import { mailboxRest } from "../../../domain/sequence/human-gaps";
import { afterAction } from "../../../domain/sequence/step-timing";
import type { LeadInCampaign } from "./perform-lead-step";
import { moveCampaignLead, placeCampaignLead } from "./settle-campaign-lead";

/** The chat an e-mail belongs to: its mailbox and its thread's first Message-ID (the spec's `email:<mailbox_id>:<message_id>`). */
export function emailChatId(mailboxId: string, threadRootId: string): string {
  return `email:${mailboxId}:${threadRootId}`;
}

export async function recordEmailSent(input: {
  campaign: Campaign;
  sequence: WiredSequence;
  campaignLead: LeadInCampaign;
  mailbox: Mailbox;
  /** null when the step left the sequence since the intent was written: the e-mail is recorded, the lead stays where it is. */
  step: WiredStep | null;
  journalId: string;
  email: EmailMessage;
  /** Why the e-mail is recorded without certainty (reconciliation could not tell); kept in the journal. */
  note?: string;
  /** An e-mail API provider's id of the message, which its webhook events name. */
  providerMessageId?: string | null;
}): Promise<void> {
  const { campaign, sequence, campaignLead, mailbox, step, journalId, email } = input;
  const at = now();
  await withOutbox(async (tx, emit) => {
    await tx.campaignLeadStep.update({ where: { id: journalId }, data: { status: "done", finishedAt: at, ...(input.note ? { detail: input.note } : {}) } });
    const sent = await tx.emailMessage.updateMany({ where: { id: email.id, status: "sending" }, data: { status: "sent", sentAt: at, updatedAt: at, ...(input.providerMessageId ? { providerMessageId: input.providerMessageId } : {}) } });
    if (!sent.count) return;
    const rest = mailboxRest(mailbox.id, mailbox.campaignSendCount, at.getTime());
    await tx.mailbox.update({
      where: { id: mailbox.id },
      data: { nextSendAt: new Date(rest.until), sentCount: { increment: 1 }, campaignSendCount: { increment: 1 }, updatedAt: at },
    });
    await tx.lead.update({ where: { id: campaignLead.leadId }, data: { lastActivityAt: at } });
    // The lead's first e-mail of the campaign (the e-mail funnel counts each lead once), written with
    // the lead's move rather than in a statement of its own. The mailbox's turns never overlap, so the
    // row read for this turn still says whether one went out before.
    const firstSent = campaignLead.emailSentAt ? {} : { emailSentAt: at };
    if (step) {
      const next = afterAction(sequence, step, at);
      if (next.kind === "place") await placeCampaignLead(tx, emit, campaignLead, next.placement, { emailContacted: true, ...firstSent });
      else await moveCampaignLead(tx, campaignLead.id, { emailContacted: true, phase: "waiting", waitUntil: next.until, ...firstSent });
    } else if (!campaignLead.emailSentAt) {
      await tx.campaignLead.update({ where: { id: campaignLead.id }, data: { emailSentAt: at } });
    }
    const lead = campaignLead.lead;
    await emit({
      workspaceId: campaign.workspaceId,
      event: "email.sent",
      data: {
        source: "campaign",
        accountId: mailbox.id,
        campaignLeadId: campaignLead.id,
        campaignId: campaign.id,
        leadId: campaignLead.leadId,
        chatId: emailChatId(mailbox.id, email.threadRootId),
        message: { text: email.text, at: at.toISOString() },
        email: { subject: email.subject, messageId: email.messageId, to: email.toAddress, threaded: email.threaded },
        to: { firstName: lead.firstName, lastName: lead.lastName, email: email.toAddress },
      },
    });
  });
}
