// A campaign's forecast (GET /campaigns/{id}/forecast, tRPC campaigns.forecast): the query and the
// simulated days ahead, shared by REST, tRPC, OpenAPI and the dashboard.
import { z } from "zod";
import { ZExperimentPlan } from "./campaign-experiments";
import { ZTimestamp } from "./common";
export const ZForecastQuery = z.object({
  days: z.coerce
    .number({ message: "must be an integer from 1 to 120" })
    .int("must be an integer from 1 to 120")
    .min(1, "must be an integer from 1 to 120")
    .max(120, "must be an integer from 1 to 120")
    .default(45)
    .meta({ description: "How many days ahead to simulate (1–120, default 45)" }),
});
export type TForecastQuery = z.infer<typeof ZForecastQuery>;

const ZActionCounts = z.object({
  invitations: z.number().int(),
  messages: z.number().int(),
  inmails: z.number().int(),
  profileViews: z.number().int(),
});

export const ZForecastLead = z.object({
  campaignLeadId: z.string(),
  leadId: z.string(),
  name: z.string().nullable(),
  linkedinAccountId: z.string().nullable(),
  emailAccountId: z.string().nullable().meta({ description: "The mailbox that sends the lead's e-mails (given as enrolment would when it has none yet)" }),
  firstActionAt: ZTimestamp.nullable().meta({ description: "When the lead is first reached (its first action or e-mail), if within the horizon" }),
  steps: z.array(z.object({ stepId: z.string(), type: z.string(), at: ZTimestamp, outcome: z.string().nullable() })).meta({
    description: "Each step the lead is expected to reach, when, and the branch it is expected to take",
  }),
  expectedStatus: z.enum(["pending", "running", "done", "failed", "paused", "replied", "stopped"]).meta({
    description: "Where the lead is expected to stand at the end of the horizon",
  }),
  endsAt: ZTimestamp.nullable().meta({ description: "When the lead is expected to come to rest, if within the horizon" }),
});

export const ZCampaignForecast = z
  .object({
    campaignId: z.string(),
    generatedAt: ZTimestamp,
    horizonEnd: ZTimestamp,
    timezone: z.string().meta({ description: "The campaign's timezone; `days[].date` are its calendar days" }),
    model: z.enum(["sandbox", "rates"]).meta({
      description:
        "`sandbox`: the sandbox network's own behaviour model decides acceptances and replies, so the forecast shows what will happen; `rates`: acceptance and reply rates (the workspace's history, else defaults) give one plausible course",
    }),
    assumptions: z.array(z.string()).meta({ description: "What the forecast assumed, in plain words" }),
    finishAt: ZTimestamp.nullable().meta({ description: "When every lead is expected to be at rest; null if not within the horizon" }),
    totals: ZActionCounts.extend({
      emails: z.number().int().meta({ description: "Campaign e-mails sent" }),
      emailsOpened: z.number().int().meta({ description: "E-mails expected to be seen opened (0 unless the campaign tracks opens or clicks; a tracked click counts as an open)" }),
      emailsClicked: z.number().int().meta({ description: "E-mails expected to have a link clicked (0 unless the campaign tracks clicks)" }),
      leads: z.number().int(),
      reached: z.number().int(),
      accepted: z.number().int(),
      replied: z.number().int().meta({ description: "Leads that reply, on LinkedIn or by e-mail" }),
    }),
    days: z.array(
      z.object({
        date: z.string().meta({ description: "YYYY-MM-DD in the campaign's timezone" }),
        total: z.number().int().meta({ description: "LinkedIn actions and e-mails of the day" }),
        senders: z.array(ZActionCounts.extend({ linkedinAccountId: z.string() })),
        mailboxes: z.array(z.object({ emailAccountId: z.string(), emails: z.number().int() })).meta({ description: "E-mails per mailbox that day" }),
      }),
    ),
    leads: z.array(ZForecastLead),
    leadsTruncated: z.boolean().meta({ description: "True when only the first 1000 leads are listed (totals and days count all)" }),
    experiments: z.array(ZExperimentPlan).meta({ description: "Per step with A/B variants: whether the test can tell a 5-point difference within the horizon at the forecast's pace, and when" }),
  })
  .meta({ id: "CampaignForecast" });
export type TCampaignForecast = z.infer<typeof ZCampaignForecast>;
