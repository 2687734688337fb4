// Delivers one webhook event to one endpoint: an attempt, then a sleep until the next attempt, up to
// six attempts (about 4 s, 16 s, 64 s, 4 min and 17 min apart). Each attempt is a step, so a crash
// re-runs at most the attempt in progress: at-least-once, as receivers are told.
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
    const { deliveryId, round } = event.data;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS_PER_ROUND; attempt++) {
      const outcome = await step.run(`attempt-${attempt}`, () => attemptWebhookDelivery(deliveryId, round));
      if (outcome.state !== "retry") return outcome;
      await step.sleepUntil(`wait-after-attempt-${attempt}`, outcome.nextAttemptAt);
    }
    return { state: "failed", reason: "No attempts left in this round" };
  },
);
