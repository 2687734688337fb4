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
