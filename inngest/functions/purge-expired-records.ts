// Hourly housekeeping: webhook deliveries and dispatched outbox rows past their workspace's
// delivery-log retention (at most 7 days), expired idempotency records, messages past their
// workspace's message retention (docs/privacy.md), and e-mail providers' events and signature
// tokens taken more than a week ago (docs/email-api-providers.md), and AI agents' held writes a
// month after they were decided (docs/agent-approvals.md), and CRM sync log entries past 30 days
// or beyond a connection's newest 1,000 (docs/crm-sync.md).
import { cron } from "inngest";
import { purgeAgentWrites } from "@/server/services/agent-writes/purge-agent-writes";
import { crmHeldOutboxEvent } from "@/server/services/crm/crm-outbox-hold";
import { purgeCrmSyncLog } from "@/server/services/crm/purge-crm-sync-log";
import { purgeExpiredApiRecords } from "@/server/services/idempotency/purge-expired-api-records";
import { purgeMailProviderEvents } from "@/server/services/mail/provider-webhooks/purge-mail-provider-events";
import { purgeExpiredMessages } from "@/server/services/privacy/purge-expired-messages";
import { purgeWebhookDeliveries } from "@/server/services/webhooks/purge-webhook-deliveries";
import { inngest } from "../client";

export const purgeExpiredRecords = inngest.createFunction(
  { id: "purge-expired-records", name: "Purge expired records", triggers: [cron("17 * * * *")] },
  async ({ step }) => {
    // Outbox events a connected CRM has not pushed yet stay until it has.
    const webhooks = await step.run("purge-webhook-deliveries", () => purgeWebhookDeliveries(crmHeldOutboxEvent()));
    const api = await step.run("purge-api-records", () => purgeExpiredApiRecords());
    const messages = await step.run("purge-expired-messages", () => purgeExpiredMessages());
    const providerEvents = await step.run("purge-mail-provider-events", () => purgeMailProviderEvents());
    const agentWrites = await step.run("purge-agent-writes", () => purgeAgentWrites());
    const crmSyncLog = await step.run("purge-crm-sync-log", () => purgeCrmSyncLog());
    return { ...webhooks, ...api, messages, ...providerEvents, ...agentWrites, ...crmSyncLog };
  },
);
