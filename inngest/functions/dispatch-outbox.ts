// Turns committed domain events into webhook deliveries and starts a delivery run for each. Runs
// on every commit that emitted events and, as a safety net, every minute.
import { cron } from "inngest";
import { dispatchOutboxEvents } from "@/server/services/webhooks/dispatch-outbox-events";
import { findDeliveriesToRequest } from "@/server/services/webhooks/find-deliveries-to-request";
import { markDeliveriesRequested } from "@/server/services/webhooks/mark-deliveries-requested";
import { inngest } from "../client";
import { outboxCommitted, webhookDeliveryRequested } from "../events";

export const dispatchOutbox = inngest.createFunction(
  {
    id: "dispatch-outbox",
    name: "Dispatch outbox events to webhooks",
    triggers: [outboxCommitted, cron("* * * * *")],
    concurrency: { limit: 1 },
    retries: 5,
  },
  async ({ step }) => {
    const dispatched = await step.run("create-deliveries", () => dispatchOutboxEvents());
    let requested = 0;
    for (let batch = 0; batch < 20; batch++) {
      const requests = await step.run(`find-deliveries-to-request-${batch}`, () => findDeliveriesToRequest());
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
      await step.run(`mark-requested-${batch}`, () => markDeliveriesRequested(requests));
      requested += requests.length;
    }
    return { ...dispatched, requested };
  },
);
