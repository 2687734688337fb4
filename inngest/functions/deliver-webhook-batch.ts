// Makes the first attempt of deliveries to one endpoint, together: one run per batch instead of a
// run per delivery, so a delivery costs a share of one request to this function rather than two.
// The run has no steps: the attempts and their record are one unit, and a run retried or resumed
// after a crash attempts again only what was not recorded (at least once, as receivers are told).
// Deliveries that failed go to deliver-webhook, which keeps the retry schedule.
import { attemptWebhookBatch } from "@/server/services/webhooks/attempt-webhook-batch";
import { markDeliveriesRequested } from "@/server/services/webhooks/mark-deliveries-requested";
import { inngest } from "../client";
import { webhookBatchRequested, webhookDeliveryRequested } from "../events";

export const deliverWebhookBatch = inngest.createFunction(
  {
    id: "deliver-webhook-batch",
    name: "Deliver webhook events to one endpoint",
    triggers: [webhookBatchRequested],
    // One batch per endpoint at a time: two batches never attempt one delivery together, and an
    // endpoint gets at most one batch's attempts in flight.
    concurrency: [{ limit: 1, key: "event.data.webhookId" }],
    retries: 3,
  },
  async ({ event }) => {
    const outcome = await attemptWebhookBatch({ webhookId: event.data.webhookId, deliveries: event.data.deliveries });
    if (outcome.retries.length) {
      // Asked for before they are marked requested: a crash in between asks again with the same ids.
      await inngest.send(
        outcome.retries.map((retry) =>
          webhookDeliveryRequested.create(
            { deliveryId: retry.deliveryId, round: retry.round, workspaceId: retry.workspaceId, notBefore: retry.notBefore },
            { id: retry.eventId },
          ),
        ),
      );
      await markDeliveriesRequested(outcome.retries);
    }
    return { delivered: outcome.delivered, failed: outcome.failed, skipped: outcome.skipped, retrying: outcome.retries.length };
  },
);
