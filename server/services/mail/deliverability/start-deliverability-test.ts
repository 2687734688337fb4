// Starts a deliverability test of a mailbox: checks the limits (one running, 10 sent in 24 hours), picks
// a seed inbox, records the test as running and asks for its run (inngest/functions/run-deliverability-test.ts).
import { randomUUID } from "node:crypto";
import { inngest } from "@/inngest/client";
import { jobRunnerConfigured } from "@/inngest/connection";
import { deliverabilityTestRequested } from "@/inngest/events";
import { db } from "../../../db/client";
import { DELIVERABILITY_DAY_MS, deliverabilityRetryAfterSeconds } from "../../../domain/mail/deliverability-limits";
import { formatRetryAfter } from "../../../domain/retry-after-words";
import type { Actor } from "../../../lib/actor";
import { now } from "../../../lib/clock";
import { HeraldError } from "../../../lib/errors";
import { seedInboxesFor } from "../../../providers/mail/seeds";
import type { MailProviderName } from "../../../providers/mail/types";
import type { TMailbox } from "../../../schemas/mailbox";
import { logger } from "../../../lib/logger";
import { findMailbox } from "../mailboxes/find-mailbox";
import { toMailbox } from "../mailboxes/to-mailbox";
import { finishStaleDeliverabilityTests } from "./finish-stale-deliverability-tests";

function testRunning(email: string): HeraldError {
  return new HeraldError({ code: "test-running", message: `A deliverability test of ${email} is already running: wait for its result (at most about 10 minutes).` });
}

function noJobRunner(): HeraldError {
  return new HeraldError({
    code: "unavailable",
    message: "Deliverability tests run as background jobs, and the job runner cannot be reached right now: try again in a moment.",
  });
}

/** Starts a test (one running per mailbox, 10 a day): returns the mailbox with deliverabilityTest running. */
export async function startDeliverabilityTest(actor: Actor, mailboxId: string): Promise<TMailbox> {
  const mailbox = await findMailbox(actor, mailboxId);
  if (mailbox.status !== "connected") {
    throw new HeraldError({ code: "mailbox-not-ready", message: `The mailbox ${mailbox.email} is not connected: connect it again before testing its deliverability.` });
  }
  const seeds = seedInboxesFor(mailbox.provider as MailProviderName);
  if (seeds.length === 0) {
    throw new HeraldError({
      code: "provider-not-configured",
      message: "No test inboxes are set up for real mailboxes: an administrator adds them in Herald's settings (see the documentation on deliverability tests).",
    });
  }
  // An installation setting that is missing, like the seeds: not a passing outage.
  if (!jobRunnerConfigured()) {
    throw new HeraldError({
      code: "provider-not-configured",
      message: "Deliverability tests run in the background, and this installation has no background job runner set up: an administrator sets one up (see the documentation on running Herald).",
    });
  }
  const at = now();
  await finishStaleDeliverabilityTests(mailbox.id, at);
  // The day's tests that count: running ones, and those that tried to send (sendingAt), even when
  // the mail server refused the e-mail (the mailbox did contact it). A test that never sent
  // anything because Herald itself failed first (its run lost or stopped before sending) does not
  // use up one of the 10.
  const recent = await db.deliverabilityTest.findMany({
    where: { mailboxId: mailbox.id, startedAt: { gt: new Date(at.getTime() - DELIVERABILITY_DAY_MS) }, OR: [{ status: "running" }, { sendingAt: { not: null } }] },
    select: { status: true, startedAt: true },
    orderBy: { startedAt: "asc" },
  });
  if (recent.some((test) => test.status === "running")) throw testRunning(mailbox.email);
  const retryAfterSeconds = deliverabilityRetryAfterSeconds(recent.map((test) => test.startedAt), at);
  if (retryAfterSeconds !== null) {
    throw new HeraldError({
      code: "rate-limited",
      message: `${mailbox.email} ran 10 deliverability tests in the last 24 hours, the most allowed: the next one can start ${formatRetryAfter(retryAfterSeconds)}.`,
      retryAfterSeconds,
    });
  }
  // Seeds take turns, so repeated tests see more than one provider.
  const seed = seeds[recent.length % seeds.length]!;
  const domain = mailbox.email.split("@")[1] ?? "herald.test";
  let testId: string;
  try {
    const row = await db.deliverabilityTest.create({
      data: {
        workspaceId: mailbox.workspaceId,
        mailboxId: mailbox.id,
        status: "running",
        seedAddress: seed.address,
        messageId: `<${randomUUID()}@${domain}>`,
        startedAt: at,
        createdAt: at,
      },
    });
    testId = row.id;
  } catch (error) {
    // Two starts at once: the one-running index lets only one through.
    if ((error as { code?: string }).code === "P2002") throw testRunning(mailbox.email);
    throw error;
  }
  try {
    await inngest.send(deliverabilityTestRequested.create({ testId, mailboxId: mailbox.id }));
  } catch (error) {
    // Without its run the test would wait for nothing and it never started: removed, so it neither
    // blocks the next start nor shows as a failed test (the person sees this refusal instead). A
    // run that starts anyway (the event did arrive) finds no test and stops.
    await db.deliverabilityTest.deleteMany({ where: { id: testId, sendingAt: null } });
    logger.warn("Could not ask for a deliverability test's run", { error, mailboxId: mailbox.id });
    throw noJobRunner();
  }
  return toMailbox(mailbox);
}
