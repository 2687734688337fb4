// The unified inbox: conversations of the workspace's senders (LinkedIn) and mailboxes (e-mail)
// with leads, their messages, and replies written from the inbox. Shared by REST (/api/v1/
// conversations), tRPC (the `inbox` router), OpenAPI and the dashboard's Inbox.
import { z } from "zod";
import { ZTimestamp } from "./common";

export const ZConversationChannel = z.enum(["linkedin", "email"], { message: "must be linkedin or email" });
export const ZInterestValue = z.enum(["interested", "not_interested", "neutral"]);

export const ZConversationSummary = z
  .object({
    id: z.string().meta({ example: "cnv_1f2e3d4c5b6a79880716253443526170" }),
    channel: ZConversationChannel,
    chatId: z.string().meta({ description: "LinkedIn's chat id, or `email:<mailbox_id>:<thread's first Message-ID>` (the chatId of message and e-mail events)" }),
    account: z
      .object({
        id: z.string().meta({ description: "The sender (`linkedinAccountIds`) or mailbox (`emailAccountIds`) id" }),
        kind: z.enum(["sender", "mailbox"]),
        name: z.string().meta({ description: "The sender's name, or the mailbox's label and address" }),
      })
      .meta({ id: "ConversationAccount" }),
    lead: z
      .object({
        id: z.string(),
        firstName: z.string().nullable(),
        lastName: z.string().nullable(),
        email: z.string().nullable(),
        linkedinUrl: z.string().nullable(),
        picture: z.string().nullable(),
        company: z.string().nullable(),
        jobTitle: z.string().nullable(),
      })
      .meta({ id: "ConversationLead" }),
    campaign: z.object({ id: z.string(), name: z.string() }).nullable(),
    campaignLeadId: z.string().nullable(),
    interest: ZInterestValue.nullable().meta({ description: "The campaign lead's interest; null when unknown or not in a campaign" }),
    subject: z.string().nullable().meta({ description: "The e-mail thread's subject (null on LinkedIn)" }),
    lastMessage: z.object({ text: z.string(), at: ZTimestamp, direction: z.enum(["inbound", "outbound"]) }),
    messageCount: z.number().int(),
    replied: z.boolean().meta({ description: "The lead has written in this conversation (auto-replies do not count)" }),
    unread: z.boolean().meta({ description: "A reply arrived since the conversation was last opened" }),
  })
  .meta({ id: "ConversationSummary" });
export type TConversationSummary = z.infer<typeof ZConversationSummary>;

export const ZConversationMessage = z
  .object({
    id: z.string(),
    direction: z.enum(["inbound", "outbound"]),
    source: z.enum(["campaign", "direct", "manual"]).meta({ description: "Outbound: a campaign step, an API action or a reply from the inbox (`manual`); inbound: `campaign` or `direct`" }),
    kind: z.enum(["message", "reply", "auto-reply"]).meta({ description: "`message` for Herald's own and LinkedIn messages; for e-mails from the lead, `reply` or `auto-reply` (out of office…)" }),
    text: z.string().meta({ description: "For e-mail replies, the reply with quoted history and signature stripped" }),
    subject: z.string().nullable(),
    at: ZTimestamp,
    status: z.string().meta({ description: "E-mail: sending, sent, failed, bounced, received; LinkedIn: sent or received" }),
    bounce: z.object({ kind: z.enum(["hard", "soft"]), message: z.string() }).nullable().meta({ description: "Set on an outbound e-mail that bounced" }),
    voiceNote: z
      .object({
        audioUrl: z.string().meta({ description: "A signed address of the audio, valid for a limited time (see `audioUrlExpiresAt`); fetch the conversation again for a fresh one" }),
        audioUrlExpiresAt: ZTimestamp,
        durationMs: z.number().int(),
      })
      .nullable()
      .meta({ description: "A voice message Herald sent (beyond the spec); its `text` is empty" }),
  })
  .meta({ id: "ConversationMessage" });
export type TConversationMessage = z.infer<typeof ZConversationMessage>;

export const ZConversation = ZConversationSummary.extend({
  campaignLead: z
    .object({
      id: z.string(),
      status: z.string().meta({ description: "The campaign lead's status (pending, running, paused, replied, finished, failed, stopped…)" }),
      currentStep: z.object({ id: z.string(), type: z.string(), label: z.string() }).nullable(),
      interest: ZInterestValue.nullable(),
      interestBy: z.string().nullable(),
      outcome: z.string().nullable().meta({ description: "The outcome marked on the lead, e.g. \"Meeting booked\"" }),
      lastReplyAt: ZTimestamp.nullable(),
    })
    .nullable()
    .meta({ description: "The lead in the conversation's campaign, with what the inbox can do to it" }),
  messages: z.array(ZConversationMessage).meta({ description: "Oldest first" }),
  canReply: z.boolean().meta({ description: "The sender or mailbox is connected and can send now" }),
  cannotReplyReason: z.string().nullable(),
  elsewhere: z
    .array(
      z.object({
        conversationId: z.string(),
        channel: ZConversationChannel,
        accountName: z.string().meta({ description: "The sender's name, or the mailbox's label and address" }),
        subject: z.string().nullable(),
        message: ZConversationMessage,
      }),
    )
    .meta({
      description:
        "Beyond the spec: the lead's latest messages (up to 50, oldest first) in its other conversations of the workspace, the other channel's among them, so that one timeline shows everything said with the person; each names its conversation (answer it there)",
    }),
}).meta({ id: "Conversation" });
export type TConversation = z.infer<typeof ZConversation>;

const ZBooleanQuery = z
  .union([z.boolean(), z.enum(["true", "false"], { message: "must be true or false" })])
  .transform((value) => value === true || value === "true");

export const ZListConversationsQuery = z
  .object({
    channel: ZConversationChannel.optional(),
    accountId: z.string().trim().min(1, "must not be empty").optional().meta({ description: "Only this sender's or mailbox's conversations" }),
    campaignId: z.string().trim().min(1, "must not be empty").optional(),
    interest: z
      .enum(["interested", "not_interested", "neutral", "unknown"], { message: "must be interested, not_interested, neutral or unknown" })
      .optional()
      .meta({ description: "`unknown`: no interest set" }),
    unread: ZBooleanQuery.optional().meta({ description: "true: only unread conversations" }),
    replied: ZBooleanQuery.optional().meta({ description: "true: only conversations in which the lead has written" }),
    search: z.string().trim().max(200, "must be at most 200 characters").optional().meta({ description: "Part of the lead's name or address" }),
    limit: z.coerce
      .number({ message: "must be an integer from 1 to 100" })
      .int("must be an integer from 1 to 100")
      .min(1, "must be an integer from 1 to 100")
      .max(100, "must be an integer from 1 to 100")
      .default(25),
    cursor: z.string().trim().min(1, "must not be empty").optional().meta({ description: "`paging.nextCursor` of the previous page" }),
  })
  .meta({ id: "ListConversationsQuery" });
export type TListConversationsQuery = z.input<typeof ZListConversationsQuery>;

export const ZConversationPage = z
  .object({
    data: z.array(ZConversationSummary),
    paging: z.object({ limit: z.number().int(), nextCursor: z.string().nullable() }),
    unreadCount: z.number().int().meta({ description: "Unread conversations matching the filters other than `unread`" }),
  })
  .meta({ id: "ConversationPage" });
export type TConversationPage = z.infer<typeof ZConversationPage>;

export const ZReplyInput = z
  .object({
    text: z.string().trim().min(1, "must not be empty").max(8000, "must be at most 8000 characters"),
  })
  .meta({ id: "ConversationReplyInput", description: "Sent through the conversation's own sender (LinkedIn message) or mailbox (an e-mail threaded as a reply)" });
export type TReplyInput = z.infer<typeof ZReplyInput>;

export const ZUpdateConversationInput = z
  .object({
    unread: z.boolean({ message: "must be true or false" }).optional(),
    interest: ZInterestValue.nullable().optional().meta({ description: "Sets the campaign lead's interest (interestBy `manual`); null clears it" }),
    outcome: z
      .string({ message: "must be one of the workspace's outcomes, or null" })
      .trim()
      .min(1, "must not be empty")
      .nullable()
      .optional()
      .meta({ description: "Marks one of the workspace's outcomes (`settings.outcomeNames`, e.g. \"Meeting booked\") on the campaign lead; null clears it" }),
  })
  .refine((value) => value.unread !== undefined || value.interest !== undefined || value.outcome !== undefined, { message: "give unread, interest or outcome" })
  .meta({ id: "UpdateConversationInput" });
export type TUpdateConversationInput = z.infer<typeof ZUpdateConversationInput>;
