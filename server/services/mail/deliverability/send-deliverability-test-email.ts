// The run's first step: sends the test e-mail from the mailbox to its seed, through the mailbox's
// own mail provider, as an ordinary e-mail (plain subject and text, no tracking, no special
// headers): a filter must judge it as it would judge the mailbox's real mail. Found again at the
// seed by its Message-ID, chosen when the test started. Sent at most once (see below).
import { db } from "../../../db/client";
import { now } from "../../../lib/clock";
import { logger } from "../../../lib/logger";
import { getMailProvider } from "../../../providers/mail";
import { isMailProviderError, type MailProviderName, type OutgoingEmail } from "../../../providers/mail/types";
import { mailErrorReason } from "../mailboxes/mail-error-reason";
import { mailboxHandle } from "../mailboxes/mailbox-handle";

export type SendTestResult = { sent: true; sentAt: string } | { sent: false };

function testEmail(test: { messageId: string; seedAddress: string }, mailbox: { email: string; fromName: string | null }): OutgoingEmail {
  const name = mailbox.fromName ?? mailbox.email.split("@")[0]!;
  return {
    from: { name: mailbox.fromName, address: mailbox.email },
    to: { name: null, address: test.seedAddress },
    subject: "Catching up next week",
    text: `Hi,\n\nAre you free for a short call next week? Tuesday or Wednesday afternoon would suit me.\n\nBest regards,\n${name}`,
    html: null,
    messageId: test.messageId,
    inReplyTo: null,
    references: [],
    headers: {},
  };
}

/** How far before the intent a sent e-mail is looked for (clocks of Herald and the mail server differ a little). */
const CLOCK_SLACK_MS = 60_000;

/**
 * Idempotent like Herald's other sends: the intent (sendingAt) is written before the e-mail is
 * handed over, so a retried step (the database failed after the send, or the process died) asks
 * the provider whether it left (findSent) instead of sending it again. Cannot tell: counted as
 * sent, since the seed check finds it or reports it not arrived, and a second copy could land
 * elsewhere and confuse the result.
 */
export async function sendDeliverabilityTestEmail(testId: string): Promise<SendTestResult> {
  const test = await db.deliverabilityTest.findUnique({ where: { id: testId }, include: { mailbox: true } });
  if (!test || test.status !== "running") return { sent: false };
  // A retried step after the send was recorded: the e-mail is on its way already.
  if (test.sentAt) return { sent: true, sentAt: test.sentAt.toISOString() };
  const provider = await getMailProvider(test.mailbox.provider as MailProviderName);
  if (test.sendingAt) {
    const found = await provider.findSent(mailboxHandle(test.mailbox), test.messageId, new Date(test.sendingAt.getTime() - CLOCK_SLACK_MS));
    if (found !== false) {
      if (found === null) logger.warn("A deliverability test e-mail was interrupted while being sent and the mail server cannot say whether it left: counted as sent", { testId, mailboxId: test.mailboxId });
      return recordSent(testId, test.sendingAt);
    }
  } else {
    await db.deliverabilityTest.updateMany({ where: { id: testId, status: "running" }, data: { sendingAt: now() } });
  }
  try {
    await provider.send(mailboxHandle(test.mailbox), testEmail(test, test.mailbox));
  } catch (error) {
    if (!isMailProviderError(error)) throw error;
    await db.deliverabilityTest.updateMany({
      where: { id: testId, status: "running" },
      data: { status: "failed", failure: "send", failureMessage: `The test e-mail could not be sent: ${mailErrorReason(error)}`, finishedAt: now() },
    });
    return { sent: false };
  }
  return recordSent(testId, now());
}

async function recordSent(testId: string, sentAt: Date): Promise<SendTestResult> {
  await db.deliverabilityTest.update({ where: { id: testId }, data: { sentAt } });
  return { sent: true, sentAt: sentAt.toISOString() };
}
