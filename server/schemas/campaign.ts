// Campaigns and their leads: the API's shapes, shared by REST, tRPC, OpenAPI and the dashboard.
import { z } from "zod";
import { SOURCE_NOTICE_MAX_LENGTH, SOURCE_NOTICE_SUGGESTION } from "./privacy";
import { ZCampaignApprovals } from "./approvals";
import { ADDRESS_STATUSES, ZCampaignVerification } from "./verification";
import { ZCampaignExperimentSettings, ZCampaignExperimentSettingsChange } from "./campaign-experiments";
import { ZPaginationQuery, ZPagingWithTotal, ZTimestamp } from "./common";
import { ZAddLeadsResult, ZEmailOptOut, ZEmailOptOutAt } from "./lead";
import { SPINTAX_NOTE, ZAttachment, ZSequence, ZVoice, ZWiredSequence } from "./sequence";
import { ACTIVE_FROM_PATTERN, ACTIVE_TO_PATTERN } from "./active-hours";

const FROM_DESCRIPTION = "Opening time, `HH:MM` 24-hour, 00:00 to 23:59, in the schedule's timezone";
const TO_DESCRIPTION = 'Closing time (exclusive), `HH:MM` 24-hour, after `from`; "24:00" means the end of the day, so 00:00–24:00 is open all day';
const ZActiveFrom = z
  .string()
  .regex(ACTIVE_FROM_PATTERN, "from must be a time between 00:00 and 23:59, such as 09:00 (24:00 is only allowed for to, as the end of the day)")
  .meta({ description: FROM_DESCRIPTION });
const ZActiveTo = z
  .string()
  .regex(ACTIVE_TO_PATTERN, "to must be a time between 00:00 and 24:00, such as 18:00 (24:00 means the end of the day)")
  .meta({ description: TO_DESCRIPTION });

export const ZSchedule = z
  .object({
    startDate: ZTimestamp.nullable().optional().meta({ description: "No action before this moment" }),
    endDate: ZTimestamp.nullable().optional().meta({ description: "No action from this moment on" }),
    timezone: z.string().trim().min(1).max(64).default("UTC").meta({ description: "IANA zone, e.g. Europe/Paris" }),
    activeHours: z
      .object({ from: ZActiveFrom, to: ZActiveTo })
      // Zero-padded HH:MM compare as strings ("24:00" after every from); a malformed time has its own issue.
      .refine((hours) => !ACTIVE_FROM_PATTERN.test(hours.from) || !ACTIVE_TO_PATTERN.test(hours.to) || hours.from < hours.to, {
        message: "from must be before to",
        path: ["to"],
      })
      .default({ from: "09:00", to: "19:00" })
      .meta({ description: 'When in the day the campaign may act, from `from` up to `to` (same day: a window cannot run past midnight). Use 00:00–24:00 for all day' }),
    activeDays: z
      .array(z.number().int().min(0, "days are 1 (Monday) to 7 (Sunday); 0 also means Sunday").max(7, "days are 1 (Monday) to 7 (Sunday)"))
      .min(1, "needs at least one day")
      .default([1, 2, 3, 4, 5])
      .meta({ description: "ISO days: 1 = Monday … 7 = Sunday (0 is accepted as Sunday). Default Monday to Friday" }),
  })
  .refine((schedule) => !schedule.startDate || !schedule.endDate || schedule.startDate < schedule.endDate, {
    message: "startDate must be before endDate",
    path: ["endDate"],
  })
  .meta({ id: "Schedule" });
export type TSchedule = z.infer<typeof ZSchedule>;

export const ZCampaignStatus = z.enum(["draft", "active", "paused"]);

/** The dashboard's campaigns list: a name search, a status, and whether to show the archived ones instead. */
export const ZCampaignListFilter = z.object({
  search: z.string().trim().max(120, "must be at most 120 characters").optional(),
  status: ZCampaignStatus.optional(),
  archived: z.boolean().default(false),
});
export type TCampaignListFilter = z.infer<typeof ZCampaignListFilter>;

/** The e-mail funnel: leads, each counted once however many of its e-mails did it. */
const EMAIL_FUNNEL_FIELDS = {
  emailSent: z.number().int().meta({ description: "Leads sent at least one campaign e-mail" }),
  emailOpened: z.number().int().meta({ description: "Leads who opened one of the campaign's e-mails (only counted where open tracking is on; a click counts as an open)" }),
  emailClicked: z.number().int().meta({ description: "Leads who clicked a link of one of the campaign's e-mails (only counted where click tracking is on)" }),
  emailReplied: z.number().int().meta({ description: "Leads who replied by e-mail to one of the campaign's e-mails" }),
  emailBounced: z.number().int().meta({ description: "Leads one of whose campaign e-mails bounced (soft or hard)" }),
};

export const ZCampaignStats = z
  .object({
    total: z.number().int(),
    done: z.number().int(),
    failed: z.number().int(),
    pending: z.number().int(),
    running: z.number().int(),
    paused: z.number().int(),
    replied: z.number().int(),
    stopped: z.number().int(),
    invited: z.number().int().meta({ description: "Leads sent a connection request" }),
    accepted: z.number().int(),
    messaged: z.number().int(),
    ...EMAIL_FUNNEL_FIELDS,
  })
  .meta({ id: "CampaignStats" });

/**
 * The unsubscribe line's default. `{{unsubscribe}}` marks where the unsubscribe link goes (the
 * word "unsubscribe" linked in HTML, the page's address in the plain text); a line without it is
 * the link itself in HTML and is followed by the address in plain text
 * (server/services/mail/tracking/unsubscribe-parts.ts renders it).
 */
export const DEFAULT_UNSUBSCRIBE_TEXT = "If you'd rather not hear from me, {{unsubscribe}}.";
export const DEFAULT_UNSUBSCRIBE = { enabled: true, text: DEFAULT_UNSUBSCRIBE_TEXT };
// Off until asked for: an open pixel and rewritten links weigh on deliverability, and opens are
// unreliable since mail apps fetch images for privacy.
export const DEFAULT_TRACKING = { opens: "off", clicks: "off" } as const;

const ZTrackingMode = z.enum(["off", "on"]);
const ZTracking = z
  .object({
    opens: ZTrackingMode.optional().meta({ description: "`on` adds an open pixel to the campaign's e-mails (email.opened). Default off" }),
    clicks: ZTrackingMode.optional().meta({ description: "`on` sends the links of the campaign's e-mails through Herald (email.clicked). Default off" }),
  })
  .meta({ description: "Open and click tracking of the campaign's e-mails. Fields left out keep their value (on create: off)" });
const ZUnsubscribe = z
  .object({
    enabled: z.boolean().optional().meta({ description: "Append the unsubscribe line and the List-Unsubscribe headers to every e-mail. Default true" }),
    text: z
      .string()
      .trim()
      .max(500, "must be at most 500 characters")
      .optional()
      .meta({
        description: `The unsubscribe line. \`{{unsubscribe}}\` marks where the unsubscribe link goes (the word "unsubscribe" linked in HTML, the address in plain text); without it the whole line is the link in HTML and the address follows it in plain text. Default: "${DEFAULT_UNSUBSCRIBE_TEXT}"`,
      }),
  })
  .meta({ description: "The unsubscribe line of the campaign's e-mails. Fields left out keep their value (on create: enabled, with the default line)" });

export const ZCampaign = z
  .object({
    id: z.string().meta({ example: "cmp_1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e" }),
    name: z.string(),
    status: ZCampaignStatus,
    stats: ZCampaignStats,
    aiInterestEnabled: z.boolean(),
    unsubscribe: z.object({ enabled: z.boolean(), text: z.string() }).meta({ description: "The unsubscribe line of the campaign's e-mails (see the create body)" }),
    sourceNotice: z.string().nullable().meta({ description: "The notice line naming the data source on each lead's first e-mail (see the create body); null: none" }),
    tracking: z.object({ opens: ZTrackingMode, clicks: ZTrackingMode }).meta({ description: "Open and click tracking of the campaign's e-mails" }),
    approvals: ZCampaignApprovals,
    experiments: ZCampaignExperimentSettings,
    verification: ZCampaignVerification,
    linkedinAccountIds: z.array(z.string()).meta({ description: "The sender pool" }),
    emailAccountIds: z.array(z.string()).meta({ description: "The mailbox pool (`mbx_…`): the campaign's e-mail steps are sent from these mailboxes" }),
    excludeListIds: z.array(z.string()),
    listId: z.string().nullable(),
    excludeOtherCampaigns: z.boolean(),
    excludeOtherSenders: z.boolean(),
    excludeSameSenderOtherCampaigns: z.boolean(),
    schedule: z.object({
      startDate: ZTimestamp.nullable(),
      endDate: ZTimestamp.nullable(),
      timezone: z.string(),
      activeHours: z.object({ from: z.string().meta({ description: FROM_DESCRIPTION }), to: z.string().meta({ description: TO_DESCRIPTION }) }),
      activeDays: z.array(z.number().int()),
    }),
    sequence: ZWiredSequence,
    leadsInProgress: z.boolean().meta({
      description: "Some lead has reached a step: from now on the sequence's copy and delays may change and steps be appended, but no step may be removed, moved or retyped",
    }),
    finishedAt: ZTimestamp.nullable().meta({ description: "When every lead came to rest and campaign.finished fired (once)" }),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: "Campaign" });
export type TCampaign = z.infer<typeof ZCampaign>;

const ZIds = z.array(z.string().min(1)).max(500);

const campaignFields = {
  name: z.string().trim().min(1, "is required").max(120, "must be at most 120 characters"),
  linkedinAccountIds: ZIds,
  emailAccountIds: ZIds.meta({
    description:
      "The mailbox pool: ids of mailboxes of the workspace (`mbx_…`, GET /email-accounts); a mailbox named twice counts once. Each lead gets one, balanced, and keeps it once e-mailed (follow-ups thread there)",
  }),
  sequence: ZSequence,
  schedule: ZSchedule,
  aiInterestEnabled: z.boolean(),
  unsubscribe: ZUnsubscribe,
  sourceNotice: z
    .string({ message: "must be text, or null for no notice" })
    .trim()
    .max(SOURCE_NOTICE_MAX_LENGTH, `must be at most ${SOURCE_NOTICE_MAX_LENGTH} characters`)
    .nullable()
    .transform((value) => value || null)
    .meta({
      description: `A line appended to the first e-mail each lead gets from the campaign, naming where their data came from (docs/privacy.md); null or empty: none (the default). Placeholders are filled as in the copy; \`{{dataSource}}\` reads the lead's source in words ("a CSV file (leads.csv)", "LinkedIn search", "our company database", "our records"). Suggested: "${SOURCE_NOTICE_SUGGESTION}"`,
      example: SOURCE_NOTICE_SUGGESTION,
    }),
  tracking: ZTracking,
  approvals: ZCampaignApprovals.partial().meta({
    description: "Which drafts wait in the Approvals queue: `comments` and `aiVoiceNotes` (default true), `recordedVoiceNotes` (default false). Fields left out keep their value",
  }),
  experiments: ZCampaignExperimentSettingsChange,
  verification: ZCampaignVerification.partial().meta({
    description:
      'What the campaign\'s e-mail steps do with addresses verification found invalid or risky: `invalid` (default "skip"), `risky` (default "send"), `targetsCompanies` (default true: free webmail counts as risky). A skipped lead moves on by the step\'s no branch, the reason in its journal. Fields left out keep their value',
  }),
  excludeListIds: ZIds,
  listId: z.string().min(1).nullable(),
  excludeOtherCampaigns: z.boolean(),
  excludeOtherSenders: z.boolean(),
  excludeSameSenderOtherCampaigns: z.boolean(),
  status: ZCampaignStatus,
};

export const ZCreateCampaignInput = z.object(campaignFields).partial();
export type TCreateCampaignInput = z.infer<typeof ZCreateCampaignInput>;

export const ZUpdateCampaignInput = z
  .object(campaignFields)
  .partial()
  .refine((value) => Object.values(value).some((field) => field !== undefined), { message: "send at least one field to change" });
export type TUpdateCampaignInput = z.infer<typeof ZUpdateCampaignInput>;

export const ZCampaignLeadStatus = z.enum(["pending", "running", "done", "failed", "paused", "replied", "stopped"]);

export const ZCampaignLead = z
  .object({
    id: z.string().meta({ description: "Campaign lead id (a lead's progress record in this campaign)" }),
    campaignId: z.string(),
    leadId: z.string(),
    linkedinAccountId: z.string().nullable(),
    emailAccountId: z.string().nullable().meta({ description: "The mailbox that sends the lead's e-mails (one of the campaign's `emailAccountIds`); null while the campaign has none" }),
    status: ZCampaignLeadStatus,
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    headline: z.string().nullable(),
    company: z.string().nullable(),
    picture: z.string().nullable(),
    profileUrl: z.string().nullable(),
    publicIdentifier: z.string().nullable(),
    email: z.string().nullable(),
    emailOptOut: ZEmailOptOut,
    emailOptOutAt: ZEmailOptOutAt,
    openProfile: z.boolean(),
    customVariables: z.record(z.string(), z.string()),
    interest: z.string().nullable(),
    interestBy: z.string().nullable(),
    outcome: z.string().nullable().meta({ description: "An outcome someone marked on the lead (one of the workspace's outcomes, e.g. \"Meeting booked\"), counted in the analytics; null for none" }),
    currentStepId: z.string().nullable(),
    variantIds: z.record(z.string(), z.string()).meta({ description: "The A/B variant the lead got at each step it reached" }),
    waitUntil: ZTimestamp.nullable(),
    heldBy: z.object({ campaignId: z.string(), campaignName: z.string(), senderName: z.string().nullable() }).nullable(),
    invitationSentAt: ZTimestamp.nullable(),
    invitationAccepted: z.boolean(),
    invitationAcceptedAt: ZTimestamp.nullable(),
    invitationWithdrawnAt: ZTimestamp.nullable(),
    messageSentAt: ZTimestamp.nullable(),
    lastReplyAt: ZTimestamp.nullable(),
    emailOpenedAt: ZTimestamp.nullable(),
    emailClickedAt: ZTimestamp.nullable(),
    finishedAt: ZTimestamp.nullable(),
    createdAt: ZTimestamp,
    error: z.string().nullable(),
  })
  .meta({ id: "CampaignLead" });
export type TCampaignLead = z.infer<typeof ZCampaignLead>;

export const LEAD_VERIFICATION_FILTERS = [...ADDRESS_STATUSES, "not-checked"] as const;

export const ZListCampaignLeadsQuery = ZPaginationQuery.extend({
  status: ZCampaignLeadStatus.optional(),
  verification: z
    .enum(LEAD_VERIFICATION_FILTERS, { message: 'must be "valid", "risky", "invalid", "unknown" or "not-checked"' })
    .optional()
    .meta({
      description:
        "Only the leads whose e-mail address has this verification status, as the campaign reads it (a free webmail address is valid unless the campaign targets companies); `not-checked`: leads with an address never checked. The page's `total` then counts the matching leads",
    }),
  cursor: z
    .string()
    .min(1, "must be the nextCursor of a page of this list")
    .max(64, "must be the nextCursor of a page of this list")
    .optional()
    .meta({
      description:
        "Starts the page right after the lead where the previous page ended: pass that page's `paging.nextCursor` (with the same `status`). Pages by cursor cost the same at any depth, where a deep `offset` reads every lead before it. Cannot be combined with an `offset` above 0.",
    }),
});
export type TListCampaignLeadsQuery = z.infer<typeof ZListCampaignLeadsQuery>;

export const ZCampaignLeadsPaging = ZPagingWithTotal.extend({
  nextCursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null on the last page" }),
}).meta({ id: "CampaignLeadsPaging" });
export const ZCampaignLeadsList = z.object({ data: z.array(ZCampaignLead), paging: ZCampaignLeadsPaging });

export const ZAddCampaignLeadsResult = ZAddLeadsResult.extend({
  campaignLeadIds: z.array(z.string()).meta({ description: "The campaign leads created, in request order" }),
}).meta({ id: "AddCampaignLeadsResult" });
export type TAddCampaignLeadsResult = z.infer<typeof ZAddCampaignLeadsResult>;

export const ZRebalanceInput = z.object({ linkedinAccountId: z.string().min(1) });
export type TRebalanceInput = z.infer<typeof ZRebalanceInput>;
export const ZRebalanceResult = z.object({
  moved: z.number().int().meta({ description: "Not-yet-contacted leads moved off the sender" }),
  receivers: z
    .number()
    .int()
    .meta({ description: "The pool's other available senders (connected, active, not paused) the leads were spread over; 0 only when none was available, and then nothing moved" }),
});

export const ZStepContentInput = z
  .object({
    variantId: z.string().optional().meta({ description: "The variant to change; omitted means variant A" }),
    text: z.string().max(8000).optional(),
    fallbackText: z.string().max(8000).optional(),
    note: z.string().max(300, "must be at most 300 characters").optional(),
    fallbackNote: z.string().max(300, "must be at most 300 characters").optional(),
    subject: z.string().max(200).optional(),
    fallbackSubject: z.string().max(200).optional(),
    script: z.string().max(2000).optional(),
    fallbackScript: z.string().max(2000).optional(),
    prompt: z.string().max(2000).optional(),
    attachments: z.array(ZAttachment).max(5, "at most 5 attachments").optional(),
    voice: ZVoice.optional(),
  })
  .refine((value) => Object.entries(value).some(([key, field]) => key !== "variantId" && field !== undefined), {
    message: "send at least one content field",
  })
  .meta({ description: `One variant's copy, field by field as in the sequence's variants (placeholders and spintax alike). ${SPINTAX_NOTE}` });
export type TStepContentInput = z.infer<typeof ZStepContentInput>;

const ZFunnelCounts = z.object({
  leads: z.number().int().meta({ description: "Leads counted" }),
  invited: z.number().int(),
  accepted: z.number().int(),
  messaged: z.number().int(),
  replied: z.number().int().meta({ description: "Leads who replied, on LinkedIn or by e-mail" }),
  ...EMAIL_FUNNEL_FIELDS,
});

export const ZCampaignFunnel = z
  .object({
    overall: ZFunnelCounts,
    steps: z.array(
      z.object({
        stepId: z.string(),
        type: z.string(),
        variants: z.array(
          ZFunnelCounts.extend({
            variantId: z.string(),
            label: z.string().meta({ description: "A, B, C… in the order of config.variants" }),
          }),
        ),
      }),
    ),
  })
  .meta({
    id: "CampaignFunnel",
    description:
      "The funnel of the campaign (LinkedIn: invited, accepted, messaged; e-mail: sent, opened, clicked, replied, bounced; and replied on either), overall and per A/B variant of every step leads have reached: for a variant, `leads` is how many leads got it and the other counts are what those leads went on to do.",
  });
export type TCampaignFunnel = z.infer<typeof ZCampaignFunnel>;
