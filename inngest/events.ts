// Herald's internal Inngest events, typed, in one place. (The events webhooks deliver to customers
// are domain events in the outbox: server/schemas/events.ts.)
import { eventType } from "inngest";
import { z } from "zod";

/** Something was committed to the outbox: dispatch it. */
export const outboxCommitted = eventType("herald/outbox.committed", {
  schema: z.object({ reason: z.string().optional() }),
});

/**
 * Deliveries to one endpoint need their first attempt (new, manually retried, or lost): one run
 * attempts them together and hands the ones that failed to deliver-webhook's retry schedule.
 */
export const webhookBatchRequested = eventType("herald/webhook.batch.requested", {
  schema: z.object({
    webhookId: z.string(),
    workspaceId: z.string(),
    deliveries: z.array(z.object({ deliveryId: z.string(), round: z.number().int() })),
  }),
});

/**
 * A webhook delivery needs its next attempts after a failed first one: a run that waits until
 * `notBefore` (the schedule's next attempt), then attempts until delivered or out of attempts.
 */
export const webhookDeliveryRequested = eventType("herald/webhook.delivery.requested", {
  schema: z.object({ deliveryId: z.string(), round: z.number().int(), workspaceId: z.string(), notBefore: z.iso.datetime().optional() }),
});

/** Something gives the campaign executor work now (a campaign activated, leads added, a reply). */
export const campaignsKicked = eventType("herald/campaigns.kicked", {
  schema: z.object({ reason: z.string() }),
});

/**
 * A sender has due campaign work at the moment of a pass (ISO time): take its turn. One event per
 * sender and pass; its id carries both, so a pass re-sending them starts no second turn.
 */
export const senderTurnDue = eventType("herald/sender-turn.due", {
  schema: z.object({ senderId: z.string(), at: z.iso.datetime() }),
});

/**
 * A mailbox has due campaign e-mails at the moment of a pass (ISO time): take its turn. One event
 * per mailbox and pass; its id carries both, so a pass re-sending them starts no second turn.
 */
export const mailboxTurnDue = eventType("herald/mailbox-turn.due", {
  schema: z.object({ mailboxId: z.string(), at: z.iso.datetime() }),
});

/** A LinkedIn search import should fetch its next page. */
export const leadImportRequested = eventType("herald/lead-import.requested", {
  schema: z.object({ importId: z.string(), workspaceId: z.string() }),
});

/** A verification job (server/services/verification/create-verification-job.ts) should check its addresses. */
export const verificationJobRequested = eventType("herald/verification-job.requested", {
  schema: z.object({ jobId: z.string(), workspaceId: z.string() }),
});

/**
 * A sender waits on a verification step completed outside Herald (IN_APP_VALIDATION approved in the
 * LinkedIn app, a CAPTCHA solved on LinkedIn's page): watch it until it clears or expires.
 */
export const senderCheckpointPending = eventType("herald/sender-checkpoint.pending", {
  schema: z.object({ accountId: z.string(), workspaceId: z.string() }),
});

/**
 * Read a sender's LinkedIn chats into Herald (sync-sender-conversations.ts): sent when a sender
 * connects, and for every connected sender by the function's own cron.
 */
export const senderConversationsSync = eventType("herald/sender-conversations.sync", {
  schema: z.object({ senderId: z.string() }),
});

/**
 * A mailbox is due to be read (the minute's poll, poll-mailboxes.ts). One event per mailbox and
 * minute; its id carries both, so overlapping polls start no second run.
 */
export const mailboxReadDue = eventType("herald/mailbox-read.due", {
  schema: z.object({
    mailboxId: z.string(),
    /** Whether the reader may wait in IMAP IDLE after reading (false: read once and end). */
    idle: z.boolean().optional(),
  }),
});

/** A deliverability test was started: its run sends the e-mail, waits for it at the seed and reports. */
export const deliverabilityTestRequested = eventType("herald/deliverability-test.requested", {
  schema: z.object({ testId: z.string(), mailboxId: z.string() }),
});

/** A mailbox's DNS health is due (the daily sweep fans out one per mailbox domain). */
export const mailboxDnsCheckDue = eventType("herald/mailbox-dns.check-due", {
  schema: z.object({ mailboxId: z.string() }),
});

/**
 * A paid (or resumed) mailbox order should move through its provisioning pipeline
 * (provision-mailbox-order.ts). `round` is bumped by every resume, so one run per order and round.
 */
export const mailboxOrderProvisionRequested = eventType("herald/mailbox-order.provision", {
  schema: z.object({ orderId: z.string(), round: z.number().int() }),
});

/** A CRM connection should sync now (the 5-minute schedule, or "Sync now"): pull, then push. */
export const crmSyncRequested = eventType("herald/crm-sync.requested", {
  schema: z.object({ connectionId: z.string(), workspaceId: z.string() }),
});
