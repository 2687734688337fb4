// The run's first step: sends the test e-mail from the mailbox to its seed, through the mailbox's
// own mail provider, as an ordinary e-mail (plain subject and text, no tracking, no special
// headers): a filter must judge it as it would judge the mailbox's real mail. Found again at the
// seed by its Message-ID, chosen when the test started.
import { db } from "../../db/client";
import { now } from "../../lib/clock";
import { getMailProvider } from "../../providers/mail";
import { isMailProviderError, type MailProviderName, type OutgoingEmail } from "../../providers/mail/types";
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

export async function sendDeliverabilityTestEmail(testId: string): Promise<SendTestResult> {
  const test = await db.deliverabilityTest.findUnique({ where: { id: testId }, include: { mailbox: true } });
  if (!test || test.status !== "running") return { sent: false };
  // A retried step after the send was recorded: the e-mail is on its way already.
  if (test.sentAt) return { sent: true, sentAt: test.sentAt.toISOString() };
  const provider = await getMailProvider(test.mailbox.provider as MailProviderName);
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
  const sentAt = now();
  await db.deliverabilityTest.update({ where: { id: testId }, data: { sentAt } });
  return { sent: true, sentAt: sentAt.toISOString() };
}
