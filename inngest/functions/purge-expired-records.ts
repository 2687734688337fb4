// Hourly housekeeping: webhook deliveries and dispatched outbox rows past their workspace's
// delivery-log retention (at most 7 days), expired idempotency records, and messages past their
// workspace's message retention (docs/privacy.md).
import { cron } from "inngest";
import { purgeExpiredApiRecords } from "@/server/services/idempotency/purge-expired-api-records";
import { purgeExpiredMessages } from "@/server/services/privacy/purge-expired-messages";
import { purgeWebhookDeliveries } from "@/server/services/webhooks/purge-webhook-deliveries";
import { inngest } from "../client";

export const purgeExpiredRecords = inngest.createFunction(
  { id: "purge-expired-records", name: "Purge expired records", triggers: [cron("17 * * * *")] },
  async ({ step }) => {
    const webhooks = await step.run("purge-webhook-deliveries", () => purgeWebhookDeliveries());
    const api = await step.run("purge-api-records", () => purgeExpiredApiRecords());
    const messages = await step.run("purge-expired-messages", () => purgeExpiredMessages());
    return { ...webhooks, ...api, messages };
  },
);
