// The `data` of each subscribable event, as the interface spec lists it ("Events"): what a receiver
// may rely on. Loose objects: an event may carry more (e.g. `error` on account.connection_failed),
// never less. The REST hooks' sample payloads are
// checked against these (server/services/hooks), so that a sample is what a delivery would carry.
import { z } from "zod";
import { ZTimestamp } from "./common";
import type { EventName } from "./events";
import { ZLead } from "./lead";
import { ZMailbox } from "./mailbox";
import { ZSenderAccount } from "./sender";

const id = z.string();
const nullableId = z.string().nullable();

const ZPerson = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  publicIdentifier: z.string().nullable(),
  providerId: z.string().nullable(),
});

const ZMessage = z.object({ text: z.string(), at: ZTimestamp });

const ZClassification = z
  .object({ interest: z.enum(["interested", "not_interested", "neutral"]).nullable() })
  .nullable()
  .meta({ description: "Only for endpoints with classifyReplies; otherwise null" });

const ZEngagement = z.looseObject({
  accountId: id,
  campaignLeadId: nullableId,
  campaignId: nullableId,
  leadId: id,
  stepId: nullableId,
  email: z.object({ messageId: z.string(), subject: z.string().nullable() }),
  at: ZTimestamp,
});

/** account.* of a LinkedIn sender: the sender as GET /accounts/{id} returns it (no `channel`). */
const ZSenderAccountEvent = z.looseObject({ account: ZSenderAccount });

/**
 * account.* of a mailbox (connected, status_changed, paused, resumed): `channel: "email"` and the
 * mailbox as GET /email-accounts/{id} returns it; a pause by the bounce or complaint rate says why.
 */
const ZMailboxAccountEvent = z.looseObject({
  channel: z.literal("email"),
  account: ZMailbox,
  reason: z.string().optional().meta({ description: "account.paused by the bounce or complaint rate rule: why, in plain words" }),
});

/** An account.* event that only senders emit. */
const ZAccountEvent = ZSenderAccountEvent;
/** An account.* event that senders and mailboxes both emit: a mailbox's carries `channel: "email"`. */
const ZAnyAccountEvent = z.union([ZMailboxAccountEvent, ZSenderAccountEvent]);

export const EVENT_DATA_SCHEMAS: Record<EventName, z.ZodType<Record<string, unknown>>> = {
  "message.received": z.looseObject({
    source: z.enum(["campaign", "direct"]),
    accountId: id,
    campaignLeadId: nullableId,
    campaignId: nullableId,
    leadId: id,
    chatId: id,
    message: ZMessage,
    from: ZPerson,
    classification: ZClassification,
  }),
  "message.sent": z.looseObject({
    source: z.enum(["campaign", "direct", "manual"]),
    accountId: id,
    campaignLeadId: nullableId,
    campaignId: nullableId,
    leadId: id,
    chatId: id,
    message: ZMessage,
    to: ZPerson,
  }),
  "connection.accepted": z.looseObject({
    source: z.enum(["campaign", "direct"]),
    accountId: id,
    campaignLeadId: nullableId,
    campaignId: nullableId,
    leadId: id,
    acceptedAt: ZTimestamp,
    lead: ZPerson,
  }),
  "lead.status_changed": z.looseObject({
    campaignLeadId: id,
    campaignId: id,
    leadId: id,
    oldStatus: z.string(),
    newStatus: z.string(),
    lead: z.looseObject({ firstName: z.string().nullable(), lastName: z.string().nullable(), publicIdentifier: z.string().nullable() }),
  }),
  "lead.imported": z.looseObject({ importId: id, source: z.string(), lead: ZLead }),
  "comment.pending": z.looseObject({ campaignLeadId: id, campaignId: id, leadId: id, pendingCommentId: id, postUrl: z.string(), comment: z.string() }),
  "voice_note.pending": z.looseObject({
    campaignLeadId: id,
    campaignId: id,
    leadId: id,
    pendingVoiceNoteId: id,
    script: z.string(),
    durationMs: z.number().int(),
  }),
  "campaign.finished": z.looseObject({ campaignId: id, name: z.string(), stats: z.looseObject({ total: z.number().int() }) }),
  "account.connected": ZAnyAccountEvent,
  "account.connection_failed": ZAccountEvent,
  "account.checkpoint_required": ZAccountEvent,
  "account.status_changed": ZAnyAccountEvent,
  "account.paused": ZAnyAccountEvent,
  "account.resumed": ZAnyAccountEvent,
  "email.sent": z.looseObject({
    source: z.enum(["campaign", "manual"]),
    accountId: id,
    campaignLeadId: nullableId,
    campaignId: nullableId,
    leadId: id,
    chatId: id,
    message: ZMessage,
    email: z.object({ subject: z.string().nullable(), messageId: z.string(), to: z.string(), threaded: z.boolean() }),
    to: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable(), email: z.string() }),
  }),
  "email.received": z.looseObject({
    source: z.enum(["campaign", "direct"]),
    accountId: id,
    campaignLeadId: nullableId,
    campaignId: nullableId,
    leadId: id,
    chatId: id,
    email: z.object({ subject: z.string().nullable(), messageId: z.string() }),
    message: ZMessage,
    from: z.object({
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      publicIdentifier: z.string().nullable(),
      email: z.string().nullable(),
    }),
    classification: ZClassification,
  }),
  "email.bounced": z.looseObject({
    accountId: id,
    campaignLeadId: nullableId,
    campaignId: nullableId,
    leadId: id,
    kind: z.enum(["bounce", "complaint"]),
    email: z.object({ messageId: z.string(), recipient: z.string() }),
    bounce: z.object({ action: z.string(), status: z.string().nullable(), message: z.string() }),
    deadAddress: z.boolean(),
    leadFailed: z.boolean(),
    at: ZTimestamp,
  }),
  "email.opened": ZEngagement,
  "email.clicked": ZEngagement.extend({ url: z.string() }),
  "email.unsubscribed": z.looseObject({
    // Null only when Herald no longer knows the mailbox the e-mail came from, or the lead.
    accountId: nullableId,
    campaignLeadId: nullableId,
    campaignId: nullableId,
    leadId: nullableId,
    email: z.object({ address: z.string() }),
    source: z.enum(["page", "one-click"]),
    leadStopped: z.boolean(),
    at: ZTimestamp,
  }),
};
