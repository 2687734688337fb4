// Turns committed domain events into webhook deliveries and starts a delivery run for each. Runs
// on commits that emitted events (notifications are coalesced) and, as a safety net, every minute.
import { cron } from "inngest";
import { dispatchOutboxEvents } from "@/server/services/webhooks/dispatch-outbox-events";
import { findDeliveriesToRequest, REQUEST_BATCH } from "@/server/services/webhooks/find-deliveries-to-request";
import { markDeliveriesRequested } from "@/server/services/webhooks/mark-deliveries-requested";
import { inngest } from "../client";
import { outboxCommitted, webhookDeliveryRequested } from "../events";

const MAX_BATCHES = 20;

export const dispatchOutbox = inngest.createFunction(
  {
    id: "dispatch-outbox",
    name: "Dispatch outbox events to webhooks",
    triggers: [outboxCommitted, cron("* * * * *")],
    concurrency: { limit: 1 },
    retries: 5,
  },
  async ({ step }) => {
    let events = 0;
    let requested = 0;
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      // One step per batch, so the common case costs one request. Runs are asked for, then the
      // deliveries marked requested: if the process dies in between, the step runs again and asks
      // again with the same event ids, which the job runner ignores, so no delivery gets two runs.
      const result = await step.run(`dispatch-${batch}`, async () => {
        const dispatched = await dispatchOutboxEvents();
        const requests = await findDeliveriesToRequest();
        if (requests.length) {
          await inngest.send(
            requests.map((request) =>
              webhookDeliveryRequested.create(
                { deliveryId: request.deliveryId, round: request.round, workspaceId: request.workspaceId },
                { id: request.eventId },
              ),
            ),
          );
          await markDeliveriesRequested(requests);
        }
        return { events: dispatched.events, requested: requests.length };
      });
      events += result.events;
      requested += result.requested;
      // A short batch means nothing is left; commits made meanwhile have notified another run.
      if (result.requested < REQUEST_BATCH) break;
    }
    return { events, requested };
  },
);
