// The forecast's view of find_email steps: for each lead without an address in a campaign whose
// sequence has one, the e-mail finder is asked once, when the forecast begins (a read, nothing
// charged), and the simulation resolves the step with that answer (sim-waits.ts), as the executor
// will with the same finder. Whether the workspace has the credits is not simulated: assumed.
import { db } from "../../../db/client";
import type { Campaign, CampaignLead, Lead } from "../../../db/generated/client";
import { getEmailFinder } from "../../../providers/email-finder";
import { emailFinderInput } from "../email-finder-input";
import { sequenceOf } from "../executor/load-campaign-sequence";

type Row = CampaignLead & { lead: Pick<Lead, "firstName" | "lastName" | "company" | "headline" | "jobTitle" | "location" | "email" | "customVariables" | "profileUrl" | "publicIdentifier"> };

export interface ForecastFoundEmails {
  /** Per campaign lead looked up: the address found, or null. */
  found: Map<string, string | null>;
  /** The addresses found that the workspace unsubscribed (lower case). */
  optedOut: Set<string>;
  assumptions: string[];
}

export async function forecastFoundEmails(input: { workspaceId: string; campaigns: Campaign[]; rows: Row[] }): Promise<ForecastFoundEmails> {
  const finding = new Set(input.campaigns.filter((campaign) => sequenceOf(campaign).steps.some((step) => step.type === "find_email")).map((campaign) => campaign.id));
  const found = new Map<string, string | null>();
  if (!finding.size) return { found, optedOut: new Set(), assumptions: [] };
  const finder = getEmailFinder();
  for (const row of input.rows) {
    if (!finding.has(row.campaignId) || row.lead.email?.trim()) continue;
    found.set(row.id, (await finder.find(emailFinderInput(row.lead, row)))?.email ?? null);
  }
  const addresses = [...new Set([...found.values()].flatMap((email) => (email ? [email.toLowerCase()] : [])))];
  const optedOut = addresses.length
    ? await db.$queryRaw<Array<{ address: string }>>`
        SELECT DISTINCT lower(email) AS address FROM "Lead"
        WHERE "workspaceId" = ${input.workspaceId} AND "emailOptOut" AND lower(email) = ANY(${addresses}::text[])`
    : [];
  const looked = found.size;
  const assumptions = looked
    ? [
        `${looked} lead${looked > 1 ? "s" : ""} without an e-mail address ${looked > 1 ? "are" : "is"} looked up at the "Find e-mail address" step (${addresses.length} found now); the forecast assumes the workspace has the AI credits for those lookups (1 credit per address found).`,
      ]
    : [];
  return { found, optedOut: new Set(optedOut.map((row) => row.address)), assumptions };
}
