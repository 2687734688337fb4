// Campaigns and their leads: the API's shapes, shared by REST, tRPC, OpenAPI and the dashboard.
import { z } from "zod";
import { ZPaginationQuery, ZTimestamp } from "./common";
import { ZSequence } from "./sequence";

const ZHhMm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time such as 09:00 (HH:MM, 24-hour)");

export const ZSchedule = z
  .object({
    startDate: ZTimestamp.nullable().optional().meta({ description: "No action before this moment" }),
    endDate: ZTimestamp.nullable().optional().meta({ description: "No action from this moment on" }),
    timezone: z.string().trim().min(1).max(64).default("UTC").meta({ description: "IANA zone, e.g. Europe/Paris" }),
    activeHours: z
      .object({ from: ZHhMm, to: ZHhMm })
      .refine((hours) => hours.from < hours.to, { message: "from must be before to", path: ["to"] })
      .default({ from: "09:00", to: "19:00" }),
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
  })
  .meta({ id: "CampaignStats" });

const ZTracking = z.object({ opens: z.enum(["off", "on"]).default("off"), clicks: z.enum(["off", "on"]).default("off") });
const ZUnsubscribe = z.object({ enabled: z.boolean().default(false), text: z.string().max(500).default("") });

export const ZCampaign = z
  .object({
    id: z.string().meta({ example: "cmp_1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e" }),
    name: z.string(),
    status: ZCampaignStatus,
    stats: ZCampaignStats,
    aiInterestEnabled: z.boolean(),
    unsubscribe: z.object({ enabled: z.boolean(), text: z.string() }),
    tracking: z.object({ opens: z.enum(["off", "on"]), clicks: z.enum(["off", "on"]) }),
    linkedinAccountIds: z.array(z.string()).meta({ description: "The sender pool" }),
    emailAccountIds: z.array(z.string()),
    excludeListIds: z.array(z.string()),
    listId: z.string().nullable(),
    excludeOtherCampaigns: z.boolean(),
    excludeOtherSenders: z.boolean(),
    excludeSameSenderOtherCampaigns: z.boolean(),
    schedule: z.object({
      startDate: ZTimestamp.nullable(),
      endDate: ZTimestamp.nullable(),
      timezone: z.string(),
      activeHours: z.object({ from: z.string(), to: z.string() }),
      activeDays: z.array(z.number().int()),
    }),
    sequence: z.object({ steps: z.array(z.record(z.string(), z.unknown())) }).meta({
      description: "The wired tree: every step with id, parent, branch and config.variants (with ids)",
    }),
    finishedAt: ZTimestamp.nullable(),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: "Campaign" });
export type TCampaign = z.infer<typeof ZCampaign>;

const ZIds = z.array(z.string().min(1)).max(500);

const campaignFields = {
  name: z.string().trim().min(1, "is required").max(120, "must be at most 120 characters"),
  linkedinAccountIds: ZIds,
  emailAccountIds: ZIds,
  sequence: ZSequence,
  schedule: ZSchedule,
  aiInterestEnabled: z.boolean(),
  unsubscribe: ZUnsubscribe,
  tracking: ZTracking,
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
    emailAccountId: z.string().nullable(),
    status: ZCampaignLeadStatus,
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    headline: z.string().nullable(),
    company: z.string().nullable(),
    picture: z.string().nullable(),
    profileUrl: z.string().nullable(),
    publicIdentifier: z.string().nullable(),
    email: z.string().nullable(),
    openProfile: z.boolean(),
    customVariables: z.record(z.string(), z.string()),
    interest: z.string().nullable(),
    interestBy: z.string().nullable(),
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

export const ZListCampaignLeadsQuery = ZPaginationQuery.extend({ status: ZCampaignLeadStatus.optional() });

export const ZLeadInput = z
  .object({
    profileUrl: z
      .string()
      .trim()
      .max(500)
      .refine((value) => /linkedin\.com\/in\/[^/?#]+/i.test(value), "must be a LinkedIn profile URL such as https://www.linkedin.com/in/jane-doe")
      .optional(),
    email: z.string().trim().toLowerCase().pipe(z.email("must be a valid e-mail address")).optional(),
    firstName: z.string().trim().max(100).optional(),
    lastName: z.string().trim().max(100).optional(),
    company: z.string().trim().max(200).optional(),
    customVariables: z
      .record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "variable names are letters, digits and _"), z.string().max(2000))
      .optional(),
  })
  .refine((lead) => lead.profileUrl !== undefined || lead.email !== undefined, { message: "needs profileUrl or email", path: ["profileUrl"] })
  .meta({ id: "LeadInput" });
export type TLeadInput = z.infer<typeof ZLeadInput>;

export const ZAddLeadsInput = z.object({ leads: z.array(ZLeadInput).min(1, "send at least one lead").max(1000, "at most 1000 leads per request") });

export const ZSkippedLead = z.object({
  index: z.number().int().meta({ description: "Position in the request" }),
  profileUrl: z.string().nullable(),
  email: z.string().nullable(),
  reason: z.enum(["duplicate", "already-in-campaign", "excluded-list", "contacted-by-other-sender", "in-other-campaign"]),
  message: z.string(),
});

export const ZAddLeadsResult = z
  .object({ added: z.number().int(), campaignLeadIds: z.array(z.string()), skipped: z.array(ZSkippedLead) })
  .meta({ id: "AddLeadsResult" });
export type TAddLeadsResult = z.infer<typeof ZAddLeadsResult>;

export const ZRebalanceInput = z.object({ linkedinAccountId: z.string().min(1) });
export const ZRebalanceResult = z.object({
  moved: z.number().int().meta({ description: "Not-yet-contacted leads moved off the sender" }),
  receivers: z.number().int().meta({ description: "Senders that received leads; 0 means none was available and nothing moved" }),
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
    attachments: z.array(z.object({ name: z.string(), url: z.string(), mimeType: z.string().optional() })).max(5).optional(),
    voice: z.object({ url: z.string(), mimeType: z.string().optional(), durationMs: z.number().int().optional() }).optional(),
  })
  .refine((value) => Object.entries(value).some(([key, field]) => key !== "variantId" && field !== undefined), {
    message: "send at least one content field",
  });
