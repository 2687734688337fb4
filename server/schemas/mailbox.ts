// Mailboxes (e-mail accounts): the API's shapes, shared by REST, tRPC, OpenAPI and the dashboard.
// Credentials never appear in any of them.
import { z } from "zod";
import { isValidTimeZone } from "../lib/time-zones";
import { ZPaginationQuery, ZTimestamp } from "./common";
import { ZDeliverabilityTest, ZDnsHealth, ZMailboxHealthFilter, ZWarmup } from "./mailbox-health";

/** The e-mail API providers a mailbox can send through (server/providers/mail/api/types.ts names the same four). */
export const API_MAIL_PROVIDERS = ["ses", "postmark", "sendgrid", "mailgun"] as const;
export const MAIL_PROVIDERS = ["sandbox", "smtp", "google", "microsoft", ...API_MAIL_PROVIDERS] as const;
export const ZMailProvider = z.enum(MAIL_PROVIDERS);
export const ZMailboxStatus = z.enum(["pending", "connected", "error", "disconnected"]);
export const ZMailSecurity = z.enum(["tls", "starttls", "none"]);

export const ZMailServerSettings = z
  .object({
    host: z.string(),
    port: z.number().int(),
    security: ZMailSecurity,
    username: z.string(),
  })
  .meta({ id: "MailServerSettings" });

export const ZMailboxLimits = z
  .object({ daily: z.number().int().meta({ description: "Campaign e-mails per day (in the mailbox's timezone)" }) })
  .meta({ id: "MailboxLimits" });

export const ZMailboxUsage = z
  .object({
    timezone: z.string(),
    date: z.string().meta({ example: "2026-03-02" }),
    sent: z.number().int().meta({ description: "Campaign e-mails sent today" }),
    remaining: z.number().int(),
  })
  .meta({ id: "MailboxUsage" });

export const ZMailboxPausedReason = z.enum(["manual", "bounce-rate", "complaint-rate"]).meta({
  description:
    "`manual` (paused by a person), `bounce-rate` or `complaint-rate` (paused automatically: too many of its recent e-mails bounced or were reported as spam; resuming it starts the count again)",
});
export type TMailboxPausedReason = z.infer<typeof ZMailboxPausedReason>;

export const ZMailboxCounters = z
  .object({
    sent: z.number().int(),
    bounced: z.number().int().meta({ description: "E-mails that bounced, hard or soft, each counted once" }),
    complained: z.number().int().meta({ description: "E-mails their recipient reported as spam (feedback reports)" }),
  })
  .meta({ id: "MailboxCounters", description: "Gateway counters since the mailbox was connected" });

export const MAIL_PLATFORMS = ["google", "microsoft"] as const;
export const ZMailPlatform = z.enum(MAIL_PLATFORMS, { message: "must be google or microsoft" }).meta({
  id: "MailPlatform",
  description: "`google` (Google Workspace) or `microsoft` (Microsoft 365)",
});
export type TMailPlatform = z.infer<typeof ZMailPlatform>;

export const ZMailboxManaged = z
  .object({
    provider: ZMailPlatform,
    domain: z.string(),
    status: z.enum(["active", "cancelling"]).meta({ description: "`active`, or `cancelling` once cancelled (it works until `cancelAt`)" }),
    renewsAt: ZTimestamp.nullable(),
    cancelAt: ZTimestamp.nullable(),
    isAdmin: z.boolean().meta({ description: "The domain's admin mailbox" }),
    renewalProblem: z.string().nullable().optional().meta({
      description: "Why this period's renewal charge failed, in plain words (retried every hour; after three declines the mailbox is cancelled); null when none",
    }),
  })
  .meta({ id: "MailboxManaged" });
export type TMailboxManaged = z.infer<typeof ZMailboxManaged>;

export const ZMailbox = z
  .object({
    id: z.string().meta({ example: "mbx_7c1e2d3f4a5b6c7d8e9f0a1b2c3d4e5f" }),
    label: z.string(),
    email: z.string(),
    fromName: z.string().nullable(),
    provider: ZMailProvider.meta({
      description:
        "`sandbox` (the built-in simulated mail network), `smtp` (any SMTP + IMAP host with a password), `google`, `microsoft`, or an e-mail API provider: `ses` (Amazon SES), `postmark`, `sendgrid`, `mailgun`",
    }),
    authType: z.enum(["sandbox", "password", "oauth", "app", "api"]).meta({
      description:
        "How Herald signs in: `sandbox`; `password` (SMTP + IMAP); `oauth` (the mailbox's own Google or Microsoft sign-in, SMTP + IMAP with XOAUTH2); `app` (a managed Microsoft 365 mailbox reached through Microsoft Graph with the installation's app registration: no password, nothing to reconnect by signing in); `api` (an e-mail API provider's key)",
    }),
    webhookUrl: z.string().nullable().meta({
      description:
        "E-mail API mailboxes: the address to give the provider for its events (bounces, complaints) and inbound replies (docs/email-api-providers.md says where to paste it). A Mailgun mailbox's ends in `/mime`, because Mailgun's routes post the raw message only to an address ending so. Keep it private: its random token is what lets the provider in. null for other mailboxes",
    }),
    connectedVia: z.enum(["dashboard", "api", "hosted-link", "managed"]),
    hostedLinkId: z.string().nullable(),
    status: ZMailboxStatus,
    error: z.string().nullable().meta({ description: "Why the mailbox cannot send, in plain words (status `error`)" }),
    settings: z
      .object({ smtp: ZMailServerSettings, imap: ZMailServerSettings })
      .nullable()
      .meta({ description: "SMTP and IMAP servers (password mailboxes); passwords are never returned" }),
    limits: ZMailboxLimits,
    usage: ZMailboxUsage,
    counters: ZMailboxCounters,
    signature: z.string().nullable(),
    paused: z.boolean(),
    pausedReason: ZMailboxPausedReason.nullable(),
    pausedAt: ZTimestamp.nullable(),
    trackOpens: z.boolean(),
    trackClicks: z.boolean(),
    timezone: z.string(),
    dnsHealth: ZDnsHealth.nullable().meta({ description: "DNS health of the mailbox's domain (SPF, DKIM, DMARC, MX); null until first checked" }),
    deliverabilityTest: ZDeliverabilityTest.nullable().meta({ description: "The latest deliverability test; null when none was run" }),
    health: ZMailboxHealthFilter.meta({ description: "Overall health: the worst of the DNS health, the latest deliverability test and warmup health (`unchecked` before any check)" }),
    managed: ZMailboxManaged.nullable().meta({ description: "Set only for managed mailboxes (bought through Herald)" }),
    warmup: ZWarmup,
    restoredFrom: z.string().nullable(),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: "Mailbox" });
export type TMailbox = z.infer<typeof ZMailbox>;

const ZPort = z
  .number({ message: "must be a port number from 1 to 65535" })
  .int("must be a port number from 1 to 65535")
  .min(1, "must be a port number from 1 to 65535")
  .max(65535, "must be a port number from 1 to 65535");

/** One server of a password mailbox as the connect form sends it; the password is stored encrypted. */
export const ZMailServerInput = z.object({
  host: z.string().trim().min(1, "is required").max(253, "must be at most 253 characters").meta({ example: "smtp.example.com" }),
  port: ZPort.meta({ example: 465 }),
  security: z
    .enum(["tls", "starttls", "none"], { message: "must be tls, starttls or none" })
    .meta({ description: "`tls` from the first byte (465, 993), `starttls` (587, 143), or `none` (never over the internet)" }),
  username: z.string().trim().min(1, "must not be empty").max(320).optional().meta({ description: "Sign-in name; the address when left out" }),
  password: z.string().min(1, "is required").max(1000).meta({ description: "The password or app password; stored encrypted, never returned" }),
});

const API_PROVIDER_LABEL: Record<(typeof API_MAIL_PROVIDERS)[number], string> = { ses: "Amazon SES", postmark: "Postmark", sendgrid: "SendGrid", mailgun: "Mailgun" };

export const ZConnectMailboxInput = z
  .object({
    provider: z
      .enum(["sandbox", "smtp", ...API_MAIL_PROVIDERS], {
        message: "must be sandbox, smtp, ses, postmark, sendgrid or mailgun (Google and Microsoft mailboxes connect through a hosted link)",
      })
      .meta({
        description:
          "`sandbox` (the built-in simulated mail network), `smtp` (any SMTP + IMAP host with a password), or an e-mail API provider: `ses` (Amazon SES), `postmark`, `sendgrid`, `mailgun`",
      }),
    email: z.string().trim().toLowerCase().pipe(z.email("must be an e-mail address")).pipe(z.string().max(254, "must be at most 254 characters")).meta({ example: "jane@example.com" }),
    label: z.string().trim().min(1, "must not be empty").max(80).optional().meta({ description: "A name for the mailbox in Herald; the address when left out" }),
    fromName: z.string().trim().min(1, "must not be empty").max(120).optional().meta({ description: "The sender name recipients see" }),
    smtp: ZMailServerInput.optional().meta({ description: "Required for provider smtp: the sending server" }),
    imap: ZMailServerInput.optional().meta({
      description: "Required for provider smtp: the server replies are read from. Optional for an e-mail API provider: without it, replies arrive only through the provider's inbound webhook",
    }),
    apiKey: z.string().trim().min(1, "must not be empty").max(1000).optional().meta({
      description:
        "E-mail API providers (required): Amazon SES's IAM access key id, Postmark's server API token, SendGrid's API key, or Mailgun's API key. Stored encrypted, never returned",
    }),
    secretAccessKey: z.string().trim().min(1, "must not be empty").max(1000).optional().meta({ description: "Amazon SES (required): the secret access key of the IAM access key. Stored encrypted, never returned" }),
    region: z
      .string()
      .trim()
      .regex(/^[a-z]{2}(-[a-z]+)+-\d$|^(us|eu)$/, "must be an AWS region such as eu-west-1 (Amazon SES), or us or eu (Mailgun)")
      .optional()
      .meta({ description: "Amazon SES (required): the AWS region, e.g. eu-west-1. Mailgun: `us` (default) or `eu`. SendGrid: `eu` for an account on SendGrid's EU data residency", example: "eu-west-1" }),
    domain: z.string().trim().min(1, "must not be empty").max(253).optional().meta({ description: "Mailgun (required): the sending domain set up in Mailgun. Amazon SES (optional): the configuration set that publishes events to your SNS topic" }),
    webhookSecret: z.string().trim().min(1, "must not be empty").max(2000).optional().meta({
      description:
        "What the provider's webhooks are checked with. Postmark (required): a password of at least 16 characters you put in the webhook URL as basic auth. SendGrid: the Event Webhook's verification key. Mailgun: the HTTP webhook signing key. Amazon SES (optional): the SNS topic ARN allowed to post. Stored encrypted, never returned",
    }),
  })
  .superRefine((value, context) => {
    const required = (field: "smtp" | "imap" | "apiKey" | "secretAccessKey" | "region" | "domain" | "webhookSecret", label: string) => {
      if (!value[field]) context.addIssue({ code: "custom", path: [field], message: `is required for ${label}` });
    };
    if (value.provider === "smtp") {
      required("smtp", "provider smtp");
      required("imap", "provider smtp");
      return;
    }
    if (value.provider === "sandbox") return;
    const label = API_PROVIDER_LABEL[value.provider];
    required("apiKey", label);
    if (value.provider === "ses") {
      required("secretAccessKey", label);
      required("region", label);
      if (value.region && /^(us|eu)$/.test(value.region)) context.addIssue({ code: "custom", path: ["region"], message: "must be an AWS region such as eu-west-1" });
    }
    if (value.provider === "mailgun") required("domain", label);
    if (value.provider === "postmark") {
      required("webhookSecret", label);
      if (value.webhookSecret && value.webhookSecret.length < 16) context.addIssue({ code: "custom", path: ["webhookSecret"], message: "must be at least 16 characters" });
    }
  })
  .meta({ id: "ConnectMailboxInput" });
export type TConnectMailboxInput = z.infer<typeof ZConnectMailboxInput>;

/** The daily limit's bounds: Google Workspace's own sending cap is 2,000 a day. */
export const MAILBOX_DAILY_LIMIT_MAX = 2000;

export const ZUpdateMailboxInput = z
  .object({
    label: z.string().trim().min(1, "must not be empty").max(80, "must be at most 80 characters").optional(),
    fromName: z.string().trim().max(120, "must be at most 120 characters").nullable().optional().meta({ description: "null or empty clears it" }),
    dailyLimit: z
      .number({ message: `must be a whole number from 1 to ${MAILBOX_DAILY_LIMIT_MAX}` })
      .int(`must be a whole number from 1 to ${MAILBOX_DAILY_LIMIT_MAX}`)
      .min(1, `must be a whole number from 1 to ${MAILBOX_DAILY_LIMIT_MAX}`)
      .max(MAILBOX_DAILY_LIMIT_MAX, `must be a whole number from 1 to ${MAILBOX_DAILY_LIMIT_MAX}`)
      .optional()
      .meta({ description: `Campaign e-mails per day, 1 to ${MAILBOX_DAILY_LIMIT_MAX}, counted in the mailbox's timezone` }),
    signature: z.string().max(5000, "must be at most 5000 characters").nullable().optional().meta({ description: "Added below campaign e-mails; null or empty clears it" }),
    trackOpens: z.boolean({ message: "must be true or false" }).optional(),
    trackClicks: z.boolean({ message: "must be true or false" }).optional(),
    timezone: z
      .string()
      .trim()
      .refine(isValidTimeZone, "must be an IANA zone such as Europe/Paris")
      .optional()
      .meta({ description: "IANA zone in which the daily limit is counted and the performance series is dated" }),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: "send at least one of label, fromName, dailyLimit, signature, trackOpens, trackClicks, timezone",
  })
  .meta({ id: "UpdateMailboxInput" });
export type TUpdateMailboxInput = z.infer<typeof ZUpdateMailboxInput>;

export const ZListMailboxesQuery = ZPaginationQuery.extend({
  status: z
    .enum(["pending", "connected", "error", "disconnected"], { message: "must be pending, connected, error or disconnected" })
    .optional()
    .meta({ description: "Only mailboxes with this status" }),
  health: z
    .enum(["ok", "warning", "failing", "unchecked"], { message: "must be ok, warning, failing or unchecked" })
    .optional()
    .meta({ description: "Only mailboxes whose overall health is this (see Mailbox.health)" }),
});
export type TListMailboxesQuery = z.infer<typeof ZListMailboxesQuery>;

export const ZMailboxPerformanceQuery = z.object({
  days: z.coerce
    .number({ message: "must be a whole number from 1 to 365" })
    .int("must be a whole number from 1 to 365")
    .min(1, "must be a whole number from 1 to 365")
    .max(365, "must be a whole number from 1 to 365")
    .default(30)
    .meta({ description: "Length of the period in days, ending today (in the mailbox's timezone)", example: 30 }),
});
export type TMailboxPerformanceQuery = z.infer<typeof ZMailboxPerformanceQuery>;

const ZFigures = z.object({
  sent: z.number().int().meta({ description: "E-mails sent (each message counts)" }),
  replies: z.number().int().meta({ description: "Leads who replied (each lead counts once)" }),
  bounces: z.number().int().meta({ description: "Leads whose e-mail bounced (each lead counts once)" }),
});

const ZRates = z.object({
  contacted: z.number().int().meta({ description: "Distinct recipients e-mailed: the base of the rates" }),
  replyRate: z.number().meta({ description: "replies / contacted, from 0 to 1 (0 when nobody was e-mailed)" }),
  bounceRate: z.number().meta({ description: "bounces / contacted, from 0 to 1" }),
});

const ZDelta = z.object({
  change: z.number().int().meta({ description: "This period minus the previous one" }),
  percent: z.number().nullable().meta({ description: "The change in percent of the previous period; null when the previous period had none" }),
});

export const ZMailboxPerformance = z
  .object({
    mailboxId: z.string(),
    days: z.number().int(),
    timezone: z.string().meta({ description: "The mailbox's zone: days and the series are dated in it" }),
    period: ZFigures.extend(ZRates.shape).extend({ from: z.string().meta({ example: "2026-02-01" }), to: z.string().meta({ example: "2026-03-02" }) }),
    previousPeriod: ZFigures.extend({ from: z.string(), to: z.string() }).meta({ description: "The `days` days before the period" }),
    deltas: z.object({ sent: ZDelta, replies: ZDelta, bounces: ZDelta }),
    daily: z
      .array(
        ZFigures.extend({
          date: z.string().meta({ example: "2026-03-02" }),
          opens: z.number().int().meta({ description: "Leads who opened one of the mailbox's e-mails that day (each lead counts once a day; only e-mails with open tracking, or a click)" }),
          clicks: z.number().int().meta({ description: "Leads who clicked a link of one of the mailbox's e-mails that day (each lead counts once a day; only e-mails with click tracking)" }),
        }),
      )
      .meta({ description: "One entry per day of the period, oldest first" }),
    allTime: ZFigures.extend(ZRates.shape),
    campaigns: z
      .array(ZFigures.extend(ZRates.shape).extend({ campaignId: z.string(), campaignName: z.string() }))
      .meta({ description: "The period's figures per campaign that sent from the mailbox, most e-mails first" }),
    counters: ZMailboxCounters,
  })
  .meta({ id: "MailboxPerformance" });
export type TMailboxPerformance = z.infer<typeof ZMailboxPerformance>;
