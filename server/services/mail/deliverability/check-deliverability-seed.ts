// One look at the seed inbox for the test e-mail. Arrived: where it landed, the receiver's verdicts
// (its Authentication-Results), Herald's own check of the same message, the sending server's IP, and
// the DKIM selector the mailbox signs with (kept on the mailbox for the DNS checks). Not there 10
// minutes after sending (Herald's clock): not arrived. A seed that cannot be read is tried again
// until then, and only then makes the test fail.
import { db } from "../../../db/client";
import { dkimSignatures, headerLines, parseAuthenticationResults, sendingIpOf } from "../../../domain/mail/authentication-results";
import { NOT_ARRIVED_AFTER_MS } from "../../../domain/mail/deliverability-limits";
import { now } from "../../../lib/clock";
import { logger } from "../../../lib/logger";
import { seedInboxByAddress, type SeedMessage } from "../../../providers/mail/seeds";
import type { MailProviderName } from "../../../providers/mail/types";
import { crossCheckReceivedEmail } from "./cross-check-received-email";

export type SeedCheck = "arrived" | "waiting" | "not-arrived" | "finished";

function heloOf(raw: string): string | null {
  const received = headerLines(raw).find((line) => line.name === "received");
  return received ? (/\bfrom\s+([^\s(;]+)/i.exec(received.value)?.[1] ?? null) : null;
}

async function recordArrival(test: { id: string; mailboxId: string }, mailboxEmail: string, found: SeedMessage, simulated: boolean): Promise<void> {
  const domain = (mailboxEmail.split("@")[1] ?? "").toLowerCase();
  const receiver = parseAuthenticationResults(found.raw, domain);
  const sendingIp = sendingIpOf(found.raw);
  // The sandbox's seed writes its verdicts from the stored DNS health: there is no real message to check again.
  const crossCheck = simulated
    ? null
    : await crossCheckReceivedEmail({ raw: found.raw, ip: sendingIp, helo: heloOf(found.raw), sender: mailboxEmail, domain, receiver }).catch(() => null);
  const ownSignature = dkimSignatures(found.raw).find((signature) => signature.domain === domain);
  await db.$transaction(async (tx) => {
    await tx.deliverabilityTest.updateMany({
      where: { id: test.id, status: "running" },
      data: {
        landing: found.folder,
        spf: receiver?.spf ?? null,
        dkimResult: receiver?.dkim.result ?? (ownSignature ? null : "none"),
        dkimSelector: receiver?.dkim.selector ?? ownSignature?.selector ?? null,
        dmarc: receiver?.dmarc ?? null,
        ...(crossCheck ? { crossCheck: { ...crossCheck } } : {}),
        sendingIp,
      },
    });
    if (ownSignature) await tx.mailbox.updateMany({ where: { id: test.mailboxId }, data: { dkimSelector: ownSignature.selector } });
  });
}

/** `last`: the run's final look (its checks are bounded), which settles the test whatever the clock says. */
export async function checkDeliverabilitySeed(testId: string, options: { last?: boolean } = {}): Promise<SeedCheck> {
  const test = await db.deliverabilityTest.findUnique({ where: { id: testId }, include: { mailbox: { select: { provider: true, email: true } } } });
  if (!test || test.status !== "running" || !test.sentAt) return "finished";
  if (test.landing) return test.landing === "not-arrived" ? "not-arrived" : "arrived";
  const at = now();
  const overdue = options.last === true || at.getTime() - test.sentAt.getTime() >= NOT_ARRIVED_AFTER_MS;
  const seed = seedInboxByAddress(test.mailbox.provider as MailProviderName, test.seedAddress);
  if (!seed) {
    // The installation's seed list changed under the test: the details are for the administrator's log.
    logger.warn("A deliverability test's seed inbox is no longer set up (HERALD_SEED_INBOXES changed)", { testId, mailboxId: test.mailboxId, seedAddress: test.seedAddress });
    await fail(testId, "seed", "The test inbox this test used has been removed from Herald's settings: run the test again.");
    return "finished";
  }
  let found: SeedMessage | null;
  try {
    // From the start: the e-mail is dated when the mailbox handed it over, a moment before sentAt was written.
    found = await seed.find(test.messageId, test.startedAt, { mailboxId: test.mailboxId });
  } catch (error) {
    if (!overdue) return "waiting";
    // The server's own words (an IMAP error) go to the log; the person reads what it means for the test.
    logger.warn("A deliverability test's seed inbox could not be read", { testId, mailboxId: test.mailboxId, seed: seed.label, error });
    await fail(testId, "seed", "The test inbox could not be reached, so where the e-mail landed is not known: run the test again in a few minutes.");
    return "finished";
  }
  if (found) {
    await recordArrival(test, test.mailbox.email, found, seed.simulated);
    return "arrived";
  }
  if (!overdue) return "waiting";
  await db.deliverabilityTest.updateMany({ where: { id: testId, status: "running" }, data: { landing: "not-arrived" } });
  return "not-arrived";
}

async function fail(testId: string, failure: "seed" | "read", failureMessage: string): Promise<void> {
  await db.deliverabilityTest.updateMany({ where: { id: testId, status: "running" }, data: { status: "failed", failure, failureMessage, finishedAt: now() } });
}
