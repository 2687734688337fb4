// Hourly housekeeping: webhook deliveries and dispatched outbox rows older than 7 days, expired
// idempotency records.
import { cron } from "inngest";
import { purgeExpiredApiRecords } from "@/server/services/idempotency/purge-expired-api-records";
import { purgeWebhookDeliveries } from "@/server/services/webhooks/purge-webhook-deliveries";
import { inngest } from "../client";

export const purgeExpiredRecords = inngest.createFunction(
  { id: "purge-expired-records", name: "Purge expired records", triggers: [cron("17 * * * *")] },
  async ({ step }) => {
    const webhooks = await step.run("purge-webhook-deliveries", () => purgeWebhookDeliveries());
    const api = await step.run("purge-api-records", () => purgeExpiredApiRecords());
    return { ...webhooks, ...api };
  },
);
