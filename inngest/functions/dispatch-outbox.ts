// Turns committed domain events into webhook deliveries and starts a delivery run for each. Runs
// on commits that emitted events (notifications are coalesced) and, as a safety net, every minute.
import { cron } from "inngest";
import { dispatchOutboxEvents } from "@/server/services/webhooks/dispatch-outbox-events";
import { findDeliveriesToRequest, type DeliveryRequest } from "@/server/services/webhooks/find-deliveries-to-request";
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
    let previous: DeliveryRequest[] = [];
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      // Marking the previous batch requested happens here, after its events were sent (a memoized
      // step), so a crash in between re-sends them with the same ids: deduplicated, not doubled.
      const { dispatched, requests } = await step.run(`dispatch-${batch}`, async () => {
        await markDeliveriesRequested(previous);
        return { dispatched: await dispatchOutboxEvents(), requests: await findDeliveriesToRequest() };
      });
      events += dispatched.events;
      previous = [];
      if (!requests.length) break;
      await step.sendEvent(
        `request-delivery-runs-${batch}`,
        requests.map((request) =>
          webhookDeliveryRequested.create(
            { deliveryId: request.deliveryId, round: request.round, workspaceId: request.workspaceId },
            { id: request.eventId },
          ),
        ),
      );
      requested += requests.length;
      previous = requests;
    }
    if (previous.length) await step.run("mark-requested-last", () => markDeliveriesRequested(previous));
    return { events, requested };
  },
);
