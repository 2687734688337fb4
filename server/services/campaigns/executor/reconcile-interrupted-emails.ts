// A campaign e-mail left `sending` was interrupted between writing its intent and recording its
// outcome (the process died, or the server did not answer after the message was handed over): ask
// the mailbox's provider whether it left (findSent). Sent: record it as if the turn had finished.
// Not sent: forget the intent so the step runs again. Cannot tell: record it as sent with a note,
// because a lead missing one e-mail is better than a lead receiving it twice. An e-mail API's
// message search lags its sending (MailProvider.sentSearchLagMs): until the intent is that old, "not
// found" may only mean "not indexed yet", so the intent stays as it is and a later turn asks again.
import { db } from "../../../db/client";
import { now } from "../../../lib/clock";
import { logger } from "../../../lib/logger";
import { getMailProvider } from "../../../providers/mail";
import type { MailProviderName } from "../../../providers/mail/types";
import { mailboxHandle } from "../../mail/mailboxes/mailbox-handle";
import { sequenceOf, stepById } from "./load-campaign-sequence";
import { dropEmailIntent } from "./perform-email-step";
import { recordEmailSent } from "./record-email-sent";

export const SENT_UNCERTAIN =
  "Herald stopped while this e-mail was being sent and the mail server could not say whether it went out; it is counted as sent so that it is never sent twice.";

/** How far before its intent a sent e-mail is looked for (clocks of Herald and the mail server differ a little). */
const CLOCK_SLACK_MS = 60_000;

/**
 * `mailboxId`: only that mailbox's e-mails (its turn reconciles them: turns of one mailbox never
 * overlap). `startedBefore`: only intents older than any turn still running.
 */
export async function reconcileInterruptedEmails(scope: { mailboxId?: string; startedBefore?: Date } = {}): Promise<{ recorded: number; retried: number; waiting: number }> {
  const intents = await db.emailMessage.findMany({
    where: {
      status: "sending",
      direction: "outbound",
      source: "campaign",
      ...(scope.mailboxId ? { mailboxId: scope.mailboxId } : {}),
      ...(scope.startedBefore ? { createdAt: { lt: scope.startedBefore } } : {}),
    },
    include: { mailbox: true },
    orderBy: { createdAt: "asc" },
    take: 500,
  });
  let recorded = 0;
  let retried = 0;
  let waiting = 0;
  for (const email of intents) {
    const journal =
      email.campaignLeadId && email.stepId
        ? await db.campaignLeadStep.findUnique({ where: { campaignLeadId_stepId: { campaignLeadId: email.campaignLeadId, stepId: email.stepId } } })
        : null;
    const campaignLead = email.campaignLeadId ? await db.campaignLead.findUnique({ where: { id: email.campaignLeadId }, include: { lead: true, campaign: true } }) : null;
    let found: boolean | null;
    let searchLagMs: number;
    try {
      const provider = await getMailProvider(email.mailbox.provider as MailProviderName);
      searchLagMs = provider.sentSearchLagMs ?? 0;
      found = await provider.findSent(mailboxHandle(email.mailbox), email.messageId, new Date(email.createdAt.getTime() - CLOCK_SLACK_MS));
    } catch (error) {
      logger.warn("Could not reconcile an interrupted e-mail yet", { emailMessageId: email.id, mailboxId: email.mailboxId, error });
      continue;
    }
    if (found === false && now().getTime() - email.createdAt.getTime() < searchLagMs) {
      // Not found, but the provider's search may not show it yet: a later turn asks again.
      waiting++;
      continue;
    }
    if (!campaignLead || !journal || journal.status !== "sending") {
      // The lead left the campaign meanwhile: keep the e-mail's record right, nothing else moves.
      if (found === false) await db.emailMessage.deleteMany({ where: { id: email.id, status: "sending" } });
      else await db.emailMessage.updateMany({ where: { id: email.id, status: "sending" }, data: { status: "sent", sentAt: email.createdAt, updatedAt: email.createdAt } });
      if (found === false) retried++;
      else recorded++;
      continue;
    }
    if (found === false) {
      await dropEmailIntent(journal.id, email.id, campaignLead.id);
      retried++;
      continue;
    }
    const { campaign, ...lead } = campaignLead;
    const sequence = sequenceOf(campaign);
    await recordEmailSent({
      campaign,
      sequence,
      campaignLead: lead,
      mailbox: email.mailbox,
      step: stepById(sequence, journal.stepId),
      journalId: journal.id,
      email,
      ...(found === null ? { note: SENT_UNCERTAIN } : {}),
    });
    recorded++;
  }
  return { recorded, retried, waiting };
}
