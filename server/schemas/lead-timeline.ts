// The lead page's shape: one lead of a campaign with its profile (the user's values beside the
// provider's), where it stands, and everything that happened to it.
import { z } from "zod";
import { ZCampaignLead, ZCampaignStatus } from "./campaign";
import { ZTimestamp } from "./common";

export const ZProfileFieldView = z.object({
  field: z.enum(["firstName", "lastName", "headline", "jobTitle", "company", "location", "picture"]),
  label: z.string(),
  value: z.string().nullable(),
  from: z.enum(["you", "provider"]).nullable(),
  providerValue: z.string().nullable(),
});

export const TIMELINE_KINDS = ["added", "step", "invitation", "message", "email", "reply", "visit", "status", "error", "direct"] as const;

export const ZTimelineEvent = z.object({
  at: ZTimestamp,
  kind: z.enum(TIMELINE_KINDS),
  title: z.string(),
  detail: z.string().nullable(),
  /** Message text, for messages and replies. */
  text: z.string().nullable(),
  tone: z.enum(["neutral", "success", "warning", "error"]),
});
export type TTimelineEvent = z.infer<typeof ZTimelineEvent>;

export const ZLeadTimeline = z.object({
  campaignLead: ZCampaignLead,
  campaign: z.object({ id: z.string(), name: z.string(), status: ZCampaignStatus }),
  senderName: z.string().nullable(),
  /** The mailbox that e-mails the lead, by its label or address. */
  mailboxName: z.string().nullable(),
  currentStep: z.object({ id: z.string(), label: z.string() }).nullable(),
  profile: z.array(ZProfileFieldView),
  lists: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Where the lead came from, in words ("CSV file leads.csv"), and when it was added (docs/privacy.md). */
  provenance: z.object({ source: z.string(), sourceDetail: z.string().nullable(), words: z.string(), addedAt: ZTimestamp }),
  events: z.array(ZTimelineEvent),
}).meta({ id: "LeadTimeline" });
export type TLeadTimeline = z.infer<typeof ZLeadTimeline>;
