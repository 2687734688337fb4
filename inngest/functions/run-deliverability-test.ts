// The run of one deliverability test (started by services/mail/deliverability/start-deliverability-test):
// send the test e-mail, then look at the seed every 30 seconds until it arrived or 10 minutes have
// passed since sending (Herald's clock), then ask the blocklists and finish. The send step is safe to
// retry (its intent is written first: send-deliverability-test-email.ts). Each look is its own
// step, so a crash resumes where it was; a step that fails for good ends the test as failed; a run
// lost altogether is finished as failed by the next start after 15 minutes
// (finish-stale-deliverability-tests.ts).
import { NOT_ARRIVED_AFTER_MS, SEED_CHECK_INTERVAL_MS } from "@/server/domain/mail/deliverability-limits";
import { checkDeliverabilitySeed, type SeedCheck } from "@/server/services/mail/deliverability/check-deliverability-seed";
import { failDeliverabilityTest } from "@/server/services/mail/deliverability/fail-deliverability-test";
import { finishDeliverabilityTest } from "@/server/services/mail/deliverability/finish-deliverability-test";
import { sendDeliverabilityTestEmail } from "@/server/services/mail/deliverability/send-deliverability-test-email";
import { inngest } from "../client";
import { deliverabilityTestRequested } from "../events";

/** Enough looks to cover the 10 minutes with room for slow ones; the last one settles the test. */
const MOST_CHECKS = Math.ceil(NOT_ARRIVED_AFTER_MS / SEED_CHECK_INTERVAL_MS) + 5;

export const runDeliverabilityTest = inngest.createFunction(
  {
    id: "run-deliverability-test",
    name: "Run a deliverability test",
    triggers: [deliverabilityTestRequested],
    // One run per test, whatever repeats the event.
    idempotency: "event.data.testId",
    concurrency: { key: "event.data.mailboxId", limit: 1 },
    retries: 3,
  },
  async ({ event, step }) => {
    const { testId } = event.data;
    let sent = false;
    let seen: SeedCheck = "finished";
    try {
      sent = (await step.run("send", () => sendDeliverabilityTestEmail(testId))).sent;
      if (sent) {
        for (let check = 1; check <= MOST_CHECKS; check++) {
          seen = await step.run(`check-seed-${check}`, () => checkDeliverabilitySeed(testId, { last: check === MOST_CHECKS }));
          if (seen !== "waiting") break;
          await step.sleep(`wait-${check}`, `${SEED_CHECK_INTERVAL_MS / 1000}s`);
        }
      }
    } catch {
      // A step failed after its retries: the test ends as failed now rather than at the next start's sweep.
      await step.run("give-up", () => failDeliverabilityTest(testId));
    }
    const status = await step.run("finish", () => finishDeliverabilityTest(testId));
    return { testId, sent, seen, status };
  },
);
