// Every Inngest function Herald serves at /api/inngest.
import { deliverWebhook } from "./deliver-webhook";
import { dispatchOutbox } from "./dispatch-outbox";
import { purgeExpiredRecords } from "./purge-expired-records";

export const functions = [dispatchOutbox, deliverWebhook, purgeExpiredRecords];
