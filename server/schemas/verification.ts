// Address verification's shapes (issue 37): an address's status and why, and a campaign's policy for
// the addresses verification found invalid or risky. Shared by REST, tRPC, OpenAPI and the dashboard.
import { z } from "zod";

export const ADDRESS_STATUSES = ["valid", "risky", "invalid", "unknown"] as const;
export const ZAddressStatus = z.enum(ADDRESS_STATUSES).meta({
  id: "AddressStatus",
  description:
    "valid: well formed, its domain receives mail. risky: it may not reach a person (a catch-all domain, a role address such as info@, a throwaway provider, free webmail when the campaign targets companies). invalid: bad syntax, a domain without MX or A records, or an earlier hard bounce. unknown: the DNS lookup failed",
});
export type TAddressStatus = z.infer<typeof ZAddressStatus>;

const ZSkipOrSend = z.enum(["skip", "send"], { message: 'must be "skip" or "send"' });

export const ZCampaignVerification = z
  .object({
    invalid: ZSkipOrSend.meta({ description: 'What the campaign does with an invalid address: "skip" its e-mail steps (the reason goes in the lead\'s journal) or "send" anyway. Default "skip"' }),
    risky: ZSkipOrSend.meta({ description: 'What the campaign does with a risky address: "skip" or "send". Default "send"' }),
    targetsCompanies: z.boolean({ message: "must be true or false" }).meta({
      description: "The campaign writes to people at their work: a free webmail address (gmail.com…) counts as risky. Default true",
    }),
  })
  .meta({ id: "CampaignVerification", description: "What the campaign does with addresses that verification found invalid or risky, before each e-mail step" });
export type TCampaignVerification = z.infer<typeof ZCampaignVerification>;

export const DEFAULT_CAMPAIGN_VERIFICATION: TCampaignVerification = { invalid: "skip", risky: "send", targetsCompanies: true };

/** A campaign's stored policy (Campaign.verification), with the defaults for what it lacks. */
export function campaignVerificationOf(stored: unknown): TCampaignVerification {
  const parsed = ZCampaignVerification.partial().safeParse(stored ?? {});
  return { ...DEFAULT_CAMPAIGN_VERIFICATION, ...(parsed.success ? parsed.data : {}) };
}

// ---- The verification API (POST /verification, /verification/jobs…) and the dashboard ----

/** The most addresses one job checks: 100,000 take a few minutes against a local resolver. */
export const MAX_JOB_ADDRESSES = 100_000;

const ZEmailInput = z
  .string({ message: "must be an e-mail address, as text" })
  .trim()
  .min(1, "must not be empty")
  .max(320, "is longer than an e-mail address can be (320 characters)");

export const ZAddressVerification = z
  .object({
    email: z.string().meta({ description: "The address, lower-cased", example: "ada@acme.com" }),
    status: ZAddressStatus,
    check: z.string().meta({
      description:
        "The rule that decided, stable for filters and counts: bad-syntax, known-dead, disposable, lookup-failed, domain-refuses-mail, no-mail-domain, role, catch-all, free-webmail, deliverable-domain",
      example: "deliverable-domain",
    }),
    reason: z.string().meta({ description: "Why, in plain words", example: "the address is well formed and acme.com has mail servers (MX)" }),
    checkedAt: z.string().meta({ description: "When the address was checked (ISO 8601, UTC)", example: "2026-12-04T09:30:00.000Z" }),
  })
  .meta({ id: "AddressVerification", description: "The latest verification of one address in the workspace" });
export type TAddressVerification = z.infer<typeof ZAddressVerification>;

const ZTargetsCompanies = z.boolean({ message: "must be true or false" }).default(true).meta({
  description:
    "Whether the addresses are people's work addresses: a free webmail address (gmail.com…) then counts as risky, else as valid. Default true. Results are stored once per address and read either way",
});

export const ZVerifyAddressInput = z
  .object({ email: ZEmailInput.meta({ description: "The address to check", example: "ada@acme.com" }), targetsCompanies: ZTargetsCompanies })
  .meta({ id: "VerifyAddressInput" });
export type TVerifyAddressInput = z.input<typeof ZVerifyAddressInput>;

export const ZVerificationLookupQuery = z.object({
  email: ZEmailInput.meta({ description: "The address whose stored verification to read", example: "ada@acme.com" }),
  targetsCompanies: z
    .enum(["true", "false"], { message: 'must be "true" or "false"' })
    .default("true")
    .transform((value) => value === "true")
    .meta({ description: "As for POST /verification: whether a free webmail address counts as risky. Default true" }),
});

export const ZStartVerificationJobInput = z
  .object({
    emails: z
      .array(ZEmailInput, { message: "must be a list of e-mail addresses" })
      .min(1, "must list at least one address")
      .max(MAX_JOB_ADDRESSES, "lists more than 100,000 addresses; split them into several jobs")
      .meta({ description: "The addresses to check, 1 to 100,000; repeats (in any case) are checked once", example: ["ada@acme.com", "grace@acme.com"] }),
    targetsCompanies: ZTargetsCompanies,
  })
  .meta({ id: "StartVerificationJobInput" });
export type TStartVerificationJobInput = z.input<typeof ZStartVerificationJobInput>;

export const ZVerificationCounts = z
  .object({ valid: z.number().int(), risky: z.number().int(), invalid: z.number().int(), unknown: z.number().int() })
  .meta({ id: "VerificationCounts", description: "Addresses checked so far, by status" });
export type TVerificationCounts = z.infer<typeof ZVerificationCounts>;

export const VERIFICATION_JOB_STATUSES = ["queued", "running", "done", "failed"] as const;

export const ZVerificationJob = z
  .object({
    id: z.string().meta({ example: "vjb_01HZX3" }),
    status: z.enum(VERIFICATION_JOB_STATUSES).meta({ description: "queued: waiting for the job runner. running: checking. done: every address checked. failed: stopped; `error` says why" }),
    source: z.enum(["api", "leads-added", "dashboard"]).meta({ description: "Who started it: the API, the dashboard, or Herald when leads were added" }),
    targetsCompanies: z.boolean().meta({ description: "Whether free webmail counts as risky in `counts` and the results" }),
    total: z.number().int().meta({ description: "Distinct addresses in the job" }),
    checked: z.number().int().meta({ description: "Addresses checked so far (those with a recent result count at once)" }),
    counts: ZVerificationCounts,
    error: z.string().nullable().meta({ description: "Why the job failed, in plain words; null otherwise" }),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: "VerificationJob", description: "A verification of many addresses, run in the background; poll it for progress" });
export type TVerificationJob = z.infer<typeof ZVerificationJob>;

export const ZVerificationJobIdParams = z.object({ id: z.string().min(1, "must not be empty").meta({ description: "The job's id", example: "vjb_01HZX3" }) });

export const ZVerificationJobResultsQuery = z.object({
  status: ZAddressStatus.optional().meta({ description: "Only the addresses with this status" }),
  cursor: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(400, "is not a cursor this list gave")
    .optional()
    .meta({ description: "`paging.nextCursor` of the previous page (with the same `status`)" }),
  limit: z.coerce
    .number({ message: "must be an integer from 1 to 1000" })
    .int("must be an integer from 1 to 1000")
    .min(1, "must be an integer from 1 to 1000")
    .max(1000, "must be an integer from 1 to 1000")
    .default(100)
    .meta({ description: "Page size, 1 to 1000", example: 100 }),
});
export type TVerificationJobResultsQuery = z.output<typeof ZVerificationJobResultsQuery>;

export const ZVerificationResultsPage = z.object({
  data: z.array(ZAddressVerification),
  paging: z.object({
    limit: z.number().int(),
    nextCursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null on the last page" }),
  }),
});
