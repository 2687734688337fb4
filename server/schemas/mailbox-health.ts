// Mailbox health: the DNS checks of a mailbox's domain, the deliverability test and warmup. The
// API's shapes, shared by REST, tRPC, OpenAPI and the dashboard. Every figure comes with its
// explanation in plain words (`reason`, `statusLabel`, `healthLabel`) and, where something is
// missing, the exact record to add (`fix`).
import { z } from "zod";
import { ZTimestamp } from "./common";
import { additionsNote, SPEC_ADDITIONS } from "./spec-additions";

// ---------------------------------------------------------------------------------------------
// DNS health

export const DNS_CHECK_STATUSES = ["ok", "warning", "missing", "invalid", "error"] as const;
export const ZDnsCheckStatus = z.enum(DNS_CHECK_STATUSES).meta({
  description:
    "`ok`; `warning` (works, but something should be fixed, e.g. SPF `~all` or DMARC `p=none`); `missing` (no record); `invalid` (a record that does not do its job: a syntax error, too many lookups, a key that does not parse); `error` (the DNS lookup itself failed, e.g. a timeout: try again later)",
});
export type TDnsCheckStatus = z.infer<typeof ZDnsCheckStatus>;

export const ZDnsRecordFix = z
  .object({
    type: z.enum(["TXT", "MX", "CNAME"]),
    host: z.string().meta({ description: "The full name to set the record on", example: "_dmarc.example.com" }),
    value: z.string().meta({ example: "v=DMARC1; p=none; rua=mailto:dmarc@example.com" }),
    /** Replace the current record (SPF, DMARC) rather than add one beside it. */
    replaces: z.string().nullable().meta({ description: "The record this one replaces, when the domain has one already" }),
  })
  .meta({ id: "DnsRecordFix", description: "The record to add (or to put in place of `replaces`) at the domain's DNS host" });
export type TDnsRecordFix = z.infer<typeof ZDnsRecordFix>;

const dnsCheck = {
  status: ZDnsCheckStatus,
  reason: z.string().meta({ description: "What was found and what it means, in plain words" }),
  record: z.string().nullable().meta({ description: "The record as published (null when none)" }),
  fix: ZDnsRecordFix.nullable().meta({ description: "What to publish to fix it; null when nothing needs fixing" }),
};

export const ZDnsHealth = z
  .object({
    domain: z.string().meta({ example: "example.com" }),
    managed: z.boolean().meta({ description: "The domain was bought through Herald (its records are kept by Herald)" }),
    status: z.enum(["ok", "warning", "failing"]).meta({ description: "The worst of the checks: `failing` when SPF, DKIM, DMARC or MX is missing or invalid; `warning` when one warns or could not be read (`error`: a failed lookup says nothing about the records, check again)" }),
    spf: z.object({
      ...dnsCheck,
      lookups: z.number().int().nullable().meta({ description: "DNS lookups the SPF record needs (at most 10 are allowed)" }),
      includesSendingService: z.boolean().nullable().meta({ description: "The record authorizes the servers this mailbox sends through" }),
      allQualifier: z.enum(["-all", "~all", "?all", "+all"]).nullable(),
    }),
    dkim: z.object({ ...dnsCheck, selector: z.string().nullable().meta({ description: "The selector checked (seen in the mailbox's own signed mail, else the provider's known one)" }) }),
    dmarc: z.object({
      ...dnsCheck,
      policy: z.enum(["none", "quarantine", "reject"]).nullable(),
      aligned: z.boolean().nullable().meta({ description: "SPF or DKIM authenticates the From domain itself (DMARC alignment)" }),
    }),
    mx: z.object({ ...dnsCheck, hosts: z.array(z.string()) }),
    checkedAt: ZTimestamp,
  })
  .meta({ id: "DnsHealth", description: "DNS health of the mailbox's domain, refreshed daily and on demand" });
export type TDnsHealth = z.infer<typeof ZDnsHealth>;

/** The stored DNS health (Mailbox.dnsHealth); a value of an older shape reads as not checked rather than failing the mailbox. */
export function readDnsHealth(value: unknown): TDnsHealth | null {
  if (value === null || value === undefined) return null;
  const parsed = ZDnsHealth.safeParse(value);
  return parsed.success ? parsed.data : null;
}

// ---------------------------------------------------------------------------------------------
// Deliverability test

export const ZDeliverabilityLanding = z.enum(["inbox", "spam", "promotions", "not-arrived"]).meta({
  description: `Where the test e-mail landed at the seed inbox: \`inbox\`, \`spam\`, \`promotions\` or \`not-arrived\` (not there 10 minutes after sending). ${additionsNote(SPEC_ADDITIONS.landing)}`,
});

export const ZDeliverabilityTest = z
  .object({
    id: z.string().meta({ example: "dlt_3f2a…" }),
    status: z.enum(["running", "done", "failed"]),
    statusLabel: z.string().meta({ description: "What the test is doing or found, in plain words" }),
    seed: z.string().meta({ description: "The seed inbox's address" }),
    startedAt: ZTimestamp,
    sentAt: ZTimestamp.nullable().meta({ description: "When the mailbox's server accepted the test e-mail; the 10 minutes count from here" }),
    finishedAt: ZTimestamp.nullable(),
    landing: ZDeliverabilityLanding.nullable(),
    spf: z.string().nullable().meta({ description: "The receiver's SPF verdict (pass, fail, softfail, neutral, none, temperror, permerror)" }),
    dkim: z.object({ result: z.string().nullable(), selector: z.string().nullable() }),
    dmarc: z.string().nullable().meta({ description: "The receiver's DMARC verdict" }),
    crossCheck: z
      .object({ spf: z.string().nullable(), dkim: z.string().nullable(), dmarc: z.string().nullable(), agrees: z.boolean() })
      .nullable()
      .meta({ description: "Herald's own check of the received message; `agrees` is false when it differs from the receiver's verdicts" }),
    sendingIp: z.string().nullable(),
    blocklists: z
      .object({
        ip: z.enum(["clean", "listed", "unknown"]),
        domain: z.enum(["clean", "listed", "unknown"]),
        listings: z.array(z.object({ zone: z.string(), target: z.string(), listed: z.boolean(), answer: z.string().nullable() })),
      })
      .nullable()
      .meta({ description: "DNS blocklist answers for the sending server's IP and the domain (`unknown` when a list could not be asked)" }),
    failure: z
      .enum(["send", "seed", "read"])
      .nullable()
      .meta({ description: `Why a \`failed\` test failed: \`send\` (the mailbox could not send it), \`seed\` or \`read\`. ${additionsNote(SPEC_ADDITIONS.failure)}` }),
    failureMessage: z.string().nullable(),
  })
  .meta({ id: "DeliverabilityTest" });
export type TDeliverabilityTest = z.infer<typeof ZDeliverabilityTest>;

// ---------------------------------------------------------------------------------------------
// Warmup

export const WARMUP_PRESETS = ["conservative", "standard", "aggressive"] as const;
export const ZWarmupPreset = z.enum([...WARMUP_PRESETS, "custom"]);
export type TWarmupPreset = z.infer<typeof ZWarmupPreset>;

export const WARMUP_STATUSES = ["pending", "warming", "warm", "paused", "stopped"] as const;
export const ZWarmupStatus = z.enum(WARMUP_STATUSES).meta({
  description:
    "`pending` (not started; a strategy may be stored), `warming` (ramping up), `warm` (at its target volume, keeps going), `paused` (held by a problem, `error` says which; resume continues at the same day), `stopped` (for good, cancelled at the network; start begins again at day 1)",
});
export type TWarmupStatus = z.infer<typeof ZWarmupStatus>;

export const WARMUP_HEALTHS = ["excellent", "good", "fair", "poor", "unknown"] as const;
export const ZWarmupHealth = z.enum(WARMUP_HEALTHS).meta({
  description: "From the inbox rate of the last 7 days: `excellent` (≥ 95 %), `good` (≥ 85 %), `fair` (≥ 70 %), `poor` (below), `unknown` (fewer than 10 warmup e-mails yet)",
});

/** A reply range in percent: [min, max]. */
const ZReplyRange = z.tuple([z.number().int(), z.number().int()]);

export const ZWarmupStrategy = z
  .object({
    preset: ZWarmupPreset.meta({ example: "conservative" }),
    startingVolume: z.number().int().meta({ description: "Warmup e-mails sent on day 1" }),
    dailyIncrease: z.number().int().meta({ description: "How many more each day, up to the target" }),
    targetVolume: z.number().int().meta({ description: "Warmup e-mails a day once warm" }),
    replyInbox: ZReplyRange.meta({ description: "Percent of warmup e-mails that landed in the inbox that get a reply, [min, max]" }),
    replyPromotions: ZReplyRange.meta({ description: "Percent of those that landed in Promotions that are moved to the inbox and replied to, [min, max]" }),
    replySpam: z.number().int().meta({ description: "Percent of those that landed in spam that are rescued (moved to the inbox, marked not spam) and replied to" }),
  })
  .meta({ id: "WarmupStrategy" });
export type TWarmupStrategy = z.infer<typeof ZWarmupStrategy>;
/** The strategy's values without the preset name: what a warmup network holds. */
export type TWarmupStrategyValues = Omit<TWarmupStrategy, "preset">;

export const ZWarmup = z
  .object({
    provider: z.enum(["pool", "sandbox"]).meta({ description: "The warmup network: `pool` (Herald's own: the installation's warming mailboxes write to each other) or `sandbox` (simulated)" }),
    status: ZWarmupStatus,
    statusLabel: z.string().meta({ description: "The status in plain words, with what happens next" }),
    strategy: ZWarmupStrategy,
    strategyApplied: z.boolean().meta({ description: "The network holds the strategy as shown (false while a stored strategy waits for start)" }),
    day: z.number().int().meta({ description: "Warmup day, 1 on the day it started; 0 before" }),
    currentVolume: z.number().int().meta({ description: "Warmup e-mails planned for today" }),
    targetVolume: z.number().int(),
    health: ZWarmupHealth,
    healthLabel: z.string(),
    healthScore: z.number().nullable().meta({ description: "0 to 100" }),
    inboxRate: z.number().nullable().meta({ description: "Share of the last 7 days' warmup e-mails that landed in the inbox, 0 to 1" }),
    startedAt: ZTimestamp.nullable(),
    holdUntil: ZTimestamp.nullable().meta({ description: "Campaigns do not send from the mailbox before this (unless `holdOverride`)" }),
    holdReason: z.enum(["warming", "poor-health"]).nullable(),
    holdOverride: z.boolean().meta({ description: "Campaigns send despite the hold (still within `limits.campaignCap`'s ramp)" }),
    syncedAt: ZTimestamp.nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: "Warmup" });
export type TWarmup = z.infer<typeof ZWarmup>;

export const ZWarmupLimits = z
  .object({
    maxTarget: z.number().int().meta({ description: "The highest targetVolume this mailbox may have" }),
    tierMax: z.number().int().meta({ description: "The installation's highest warmup volume for any mailbox (HERALD_WARMUP_MAX_VOLUME)" }),
    campaignCap: z.number().int().meta({ description: "Campaign e-mails the mailbox may send today: 0 while held, the warmup's ramp while warming, else its daily limit" }),
  })
  .meta({ id: "WarmupLimits" });

export const ZWarmupEnvelope = z
  .object({
    data: z.object({
      warmup: ZWarmup,
      available: z.boolean().meta({ description: "Warmup can run for this mailbox (connected, on a network that takes it)" }),
      limits: ZWarmupLimits,
    }),
  })
  .meta({ id: "WarmupEnvelope" });
export type TWarmupEnvelope = z.infer<typeof ZWarmupEnvelope>;
export type TWarmupResult = TWarmupEnvelope["data"];

/**
 * PATCH /email-accounts/{id}/warmup: a preset name or custom values (or both: the preset, then the
 * values over it). Validated by the service, not here, so that every field's problem is listed in
 * one 400 `invalid-strategy` (`details.errors`); unknown keys are refused the same way.
 */
export const ZUpdateWarmupInput = z
  .object({
    // Unknown like the values: a preset that is not a name is an invalid-strategy naming it, not a generic 400.
    preset: z.unknown().optional().meta({ description: "conservative, standard or aggressive" }),
    startingVolume: z.unknown().optional().meta({ description: "Integer ≥ 1; only before day 2 (409 starting-volume-locked after)" }),
    dailyIncrease: z.unknown().optional().meta({ description: "Integer ≥ 1, at most limits.maxTarget" }),
    targetVolume: z.unknown().optional().meta({ description: "Integer ≥ startingVolume, at most limits.maxTarget" }),
    replyInbox: z.unknown().optional().meta({ description: "[min, max] percent, 0–100" }),
    replyPromotions: z.unknown().optional().meta({ description: "[min, max] percent, 0–100" }),
    replySpam: z.unknown().optional().meta({ description: "Percent, 0–100" }),
    holdOverride: z.unknown().optional().meta({ description: "true lets campaigns send while warmup holds them (within the ramp)" }),
  })
  .passthrough()
  .meta({ id: "UpdateWarmupInput" });
export type TUpdateWarmupInput = z.infer<typeof ZUpdateWarmupInput>;

/** One day of a mailbox's warmup, for the charts. */
export const ZWarmupHistoryDay = z
  .object({
    date: z.string().meta({ example: "2026-03-02" }),
    day: z.number().int(),
    planned: z.number().int(),
    sent: z.number().int(),
    inbox: z.number().int(),
    spam: z.number().int(),
    promotions: z.number().int(),
    received: z.number().int(),
    replied: z.number().int(),
    rescued: z.number().int(),
    healthScore: z.number().nullable(),
  })
  .meta({ id: "WarmupHistoryDay" });
export type TWarmupHistoryDay = z.infer<typeof ZWarmupHistoryDay>;

export const ZMailboxHealthFilter = z.enum(["ok", "warning", "failing", "unchecked"]).meta({
  description: "Mailboxes whose overall health is this: the worst of DNS health, the latest deliverability test and warmup health",
});
