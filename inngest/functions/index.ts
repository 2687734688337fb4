// Every Inngest function Herald serves at /api/inngest.
import { advanceSandboxNetworkFunction } from "./advance-sandbox-network";
import { deliverWebhook } from "./deliver-webhook";
import { dispatchOutbox } from "./dispatch-outbox";
import { purgeExpiredRecords } from "./purge-expired-records";
import { refreshSenderStatsFunction } from "./refresh-sender-stats";

export const functions = [dispatchOutbox, deliverWebhook, purgeExpiredRecords, advanceSandboxNetworkFunction, refreshSenderStatsFunction];
