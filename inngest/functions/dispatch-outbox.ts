// Turns committed domain events into webhook deliveries and starts a batch run per endpoint for them. Runs
// on commits that emitted events (notifications are coalesced) and, as a safety net, every minute.
import { cron } from "inngest";
import { batchDeliveryRequests } from "@/server/services/webhooks/batch-delivery-requests";
import { dispatchOutboxEvents } from "@/server/services/webhooks/dispatch-outbox-events";
import { findDeliveriesToRequest, REQUEST_BATCH } from "@/server/services/webhooks/find-deliveries-to-request";
import { markDeliveriesRequested } from "@/server/services/webhooks/mark-deliveries-requested";
import { inngest } from "../client";
import { outboxCommitted, webhookBatchRequested } from "../events";

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
      // One step per batch, so the common case costs one request. Batch runs are asked for, then
      // the deliveries marked requested: if the process dies in between, the step runs again and
      // asks again with the same event ids (derived from the requests), which the job runner
      // ignores; a batch that differs (new rows came in meanwhile) finds the deliveries attempted.
      const result = await step.run(`dispatch-${batch}`, async () => {
        const dispatched = await dispatchOutboxEvents();
        const requests = await findDeliveriesToRequest();
        if (requests.length) {
          await inngest.send(
            batchDeliveryRequests(requests).map((batch) =>
              webhookBatchRequested.create(
                { webhookId: batch.webhookId, workspaceId: batch.workspaceId, deliveries: batch.deliveries },
                { id: batch.eventId },
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
