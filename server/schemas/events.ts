// The events Herald pushes to webhook endpoints, and their envelope.
import { z } from "zod";
import { ZTimestamp } from "./common";

export const SUBSCRIBABLE_EVENTS = [
  "message.received",
  "message.sent",
  "connection.accepted",
  "lead.status_changed",
  "lead.imported",
  "comment.pending",
  "voice_note.pending",
  "campaign.finished",
  "account.connected",
  "account.connection_failed",
  "account.checkpoint_required",
  "account.status_changed",
  "account.paused",
  "account.resumed",
  "email.sent",
  "email.received",
  "email.bounced",
  "email.opened",
  "email.clicked",
  "email.unsubscribed",
] as const;

export type EventName = (typeof SUBSCRIBABLE_EVENTS)[number];

export const EVENT_DESCRIPTIONS: Record<EventName, string> = {
  "message.received": "A lead replies to a LinkedIn message (campaign lead or directly actioned lead)",
  "message.sent": "A sender sends a LinkedIn message to a tracked lead",
  "connection.accepted": "A lead accepts a connection request",
  "lead.status_changed": "A campaign lead reaches replied, done, failed, paused or stopped",
  "lead.imported": "A new lead arrives through a search import",
  "comment.pending": "An AI-drafted comment awaits approval",
  "voice_note.pending": "An AI voice note awaits approval",
  "campaign.finished": "Every lead of a campaign has come to rest",
  "account.connected": "A sender finishes connecting, or a mailbox is connected",
  "account.connection_failed": "A connection attempt fails (carries the error code)",
  "account.checkpoint_required": "A verification step is asked of a sender",
  "account.status_changed": "A sender changes status (active, error, suspended, disconnected), or a mailbox does (connected, error)",
  "account.paused": "A sender or mailbox is paused",
  "account.resumed": "A paused sender or mailbox resumes",
  "email.sent": "A mailbox sends an e-mail",
  "email.received": "A lead replies by e-mail",
  "email.bounced": "A campaign e-mail bounces or is reported as spam",
  "email.opened": "A lead opens a tracked e-mail (first open only)",
  "email.clicked": "A lead clicks a tracked link (first click only)",
  "email.unsubscribed": "A lead unsubscribes through the link in a campaign e-mail",
};

export const ZEventName = z.enum(SUBSCRIBABLE_EVENTS, {
  message: `must be one of the subscribable events: ${SUBSCRIBABLE_EVENTS.join(", ")}`,
});

/** The body of every delivery. */
export const ZEventEnvelope = z
  .object({
    event: z.string().meta({ example: "lead.status_changed" }),
    workspaceId: z.string(),
    createdAt: ZTimestamp,
    data: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "EventEnvelope" });
export type TEventEnvelope = z.infer<typeof ZEventEnvelope>;

/** What a test delivery carries: not subscribable, never retried. */
export const WEBHOOK_TEST_EVENT = "webhook.test";
