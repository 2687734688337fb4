// What a dry run of a write answers (issue 39): what the write would do, with nothing stored. Made by
// the services' dry runs (services/campaigns/dry-run-campaign-change.ts, dry-run-add-campaign-leads.ts,
// services/lead-lists/dry-run-add-lead-list-leads.ts) and answered by Herald's MCP tools when called with `dryRun: true`.
import { z } from "zod";
import { ZTimestamp } from "./common";
import { ZSkippedLead } from "./lead";

const ZLinkedinActionCounts = z.object({
  invitations: z.number().int(),
  messages: z.number().int(),
  inmails: z.number().int(),
  profileViews: z.number().int(),
});

export const ZForecastOutline = z
  .object({
    leads: z.number().int().meta({ description: "Leads in the campaign that can still act (pending, running, paused)" }),
    leadsReached: z.number().int().meta({ description: "Leads the forecast reaches within its horizon" }),
    finishAt: ZTimestamp.nullable().meta({ description: "When every lead is expected to be at rest; null if not within the horizon" }),
    senders: z.array(
      z.object({
        linkedinAccountId: z.string(),
        name: z.string(),
        caps: ZLinkedinActionCounts.meta({ description: "The sender's daily caps" }),
        averagePerDay: ZLinkedinActionCounts.meta({ description: "Average actions per day over the days it acts" }),
        busiestDay: ZLinkedinActionCounts.extend({ date: z.string() }).nullable(),
        daysAtCap: z.number().int().meta({ description: "Days on which some count reaches its cap" }),
      }),
    ),
    emailsPerDay: z.number().meta({ description: "Average campaign e-mails per day over the days it sends" }),
  })
  .meta({ id: "ForecastOutline" });
export type TForecastOutline = z.infer<typeof ZForecastOutline>;

export const ZCampaignChangeDryRun = z
  .object({
    dryRun: z.literal(true),
    stored: z.literal(false),
    summary: z.string(),
    before: ZForecastOutline,
    after: ZForecastOutline,
    horizonDays: z.number().int(),
    assumptions: z.array(z.string()).meta({ description: "What the forecast after the change assumed" }),
  })
  .meta({ id: "CampaignChangeDryRun" });
export type TCampaignChangeDryRun = z.infer<typeof ZCampaignChangeDryRun>;

export const ZAddLeadsDryRun = z
  .object({
    dryRun: z.literal(true),
    stored: z.literal(false),
    summary: z.string(),
    submitted: z.number().int(),
    wouldAdd: z.number().int().meta({ description: "Leads the write would add" }),
    newLeads: z.number().int().meta({ description: "People not yet in the workspace, that the write would create" }),
    existingLeads: z.number().int().meta({ description: "People already in the workspace" }),
    duplicates: z.number().int().meta({ description: "Named earlier in the same request" }),
    alreadyIn: z.number().int().meta({ description: "Already in the campaign or list" }),
    excluded: z.number().int().meta({ description: "Skipped by the campaign's exclusion rules" }),
    doNotContact: z.number().int().meta({ description: "Of those it would add, people on the do-not-contact list: added, but never contacted" }),
    skipped: z.array(ZSkippedLead),
  })
  .meta({ id: "AddLeadsDryRun" });
export type TAddLeadsDryRun = z.infer<typeof ZAddLeadsDryRun>;
