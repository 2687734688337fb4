// Turns committed domain events into webhook deliveries and starts a batch run per endpoint for them. Runs
// on commits that emitted events (notifications are coalesced: see notifyOutbox) and, as a safety
// net, every minute. A run goes on until a pass finds nothing to do, so a commit made while it works
// is dispatched by it: that is what lets notifications of such commits share a run.
import { cron } from "inngest";
import { batchDeliveryRequests } from "@/server/services/webhooks/batch-delivery-requests";
import { dispatchOutboxEvents } from "@/server/services/webhooks/dispatch-outbox-events";
import { findDeliveriesToRequest, REQUEST_BATCH } from "@/server/services/webhooks/find-deliveries-to-request";
import { markDeliveriesRequested } from "@/server/services/webhooks/mark-deliveries-requested";
import { inngest } from "../client";
import { outboxCommitted, webhookBatchRequested } from "../events";

/** Passes per run; a run that still finds work after them asks for a follow-up run. */
const MAX_BATCHES = 50;

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
    let idle = false;
    for (let batch = 0; batch < MAX_BATCHES && !idle; batch++) {
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
      // Only a pass that found nothing ends the run: a notification for a commit made during this
      // run may have been coalesced into it (see notifyOutbox), so one more pass looks after it.
      idle = result.events === 0 && result.requested < REQUEST_BATCH;
    }
    if (!idle) await step.sendEvent("follow-up", outboxCommitted.create({ reason: "follow-up" }));
    return { events, requested };
  },
);
