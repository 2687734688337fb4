// Mailboxes (e-mail accounts): the API's shapes, shared by REST, tRPC, OpenAPI and the dashboard.
// Credentials never appear in any of them.
import { z } from "zod";
import { ZTimestamp } from "./common";

export const MAIL_PROVIDERS = ["sandbox", "smtp", "google", "microsoft"] as const;
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

export const ZMailboxCounters = z
  .object({
    sent: z.number().int(),
    bounced: z.number().int(),
    complained: z.number().int(),
  })
  .meta({ id: "MailboxCounters", description: "Gateway counters since the mailbox was connected" });

export const ZMailbox = z
  .object({
    id: z.string().meta({ example: "mbx_7c1e2d3f4a5b6c7d8e9f0a1b2c3d4e5f" }),
    label: z.string(),
    email: z.string(),
    fromName: z.string().nullable(),
    provider: ZMailProvider.meta({ description: "`sandbox` (the built-in simulated mail network), `smtp` (any SMTP + IMAP host with a password), `google`, `microsoft`" }),
    authType: z.enum(["sandbox", "password", "oauth"]),
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
    pausedReason: z.string().nullable(),
    pausedAt: ZTimestamp.nullable(),
    trackOpens: z.boolean(),
    trackClicks: z.boolean(),
    timezone: z.string(),
    dnsHealth: z.null().meta({ description: "DNS health (SPF, DKIM, DMARC): arrives with mailbox health checks" }),
    deliverabilityTest: z.null().meta({ description: "The latest deliverability test: arrives with mailbox health checks" }),
    managed: z.null().meta({ description: "Set only for managed mailboxes (bought through Herald)" }),
    warmup: z.null().meta({ description: "Warmup state: arrives with warmup" }),
    restoredFrom: z.string().nullable(),
    createdAt: ZTimestamp,
    updatedAt: ZTimestamp,
  })
  .meta({ id: "Mailbox" });
export type TMailbox = z.infer<typeof ZMailbox>;
