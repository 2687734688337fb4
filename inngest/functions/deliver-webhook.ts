// Retries one webhook delivery whose first attempt (deliver-webhook-batch) failed: a sleep until the
// next attempt, an attempt, and so on, up to six attempts in the round (about 4 s, 16 s, 64 s, 4 min
// and 17 min apart). Each attempt is a step, so a crash re-runs at most the attempt in progress:
// at-least-once, as receivers are told.
import { attemptWebhookDelivery } from "@/server/services/webhooks/attempt-webhook-delivery";
import { MAX_ATTEMPTS_PER_ROUND } from "@/server/services/webhooks/delivery-policy";
import { inngest } from "../client";
import { webhookDeliveryRequested } from "../events";

export const deliverWebhook = inngest.createFunction(
  {
    id: "deliver-webhook",
    name: "Deliver a webhook event",
    triggers: [webhookDeliveryRequested],
    // One run at a time per delivery, so a re-requested delivery never races itself.
    concurrency: [{ limit: 1, key: "event.data.deliveryId" }],
    retries: 3,
  },
  async ({ event, step }) => {
    const { deliveryId, round, notBefore } = event.data;
    if (notBefore) await step.sleepUntil("wait-for-schedule", notBefore);
    // The attempts already made in the round count: the attempt ends the round at the sixth.
    for (let attempt = 1; attempt <= MAX_ATTEMPTS_PER_ROUND; attempt++) {
      const outcome = await step.run(`attempt-${attempt}`, () => attemptWebhookDelivery(deliveryId, round));
      if (outcome.state !== "retry") return outcome;
      await step.sleepUntil(`wait-after-attempt-${attempt}`, outcome.nextAttemptAt);
    }
    return { state: "failed", reason: "No attempts left in this round" };
  },
);
