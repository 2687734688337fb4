// What the e-mail finder is asked about a campaign lead, alike for the executor's find_email step
// and the forecast's one read of the finder: its name, company, the company's domain (a custom
// variable: `companyDomain`, as leads from the company database carry it, or `domain`, `website`)
// and its LinkedIn profile.
import type { CampaignLead, Lead } from "../../db/generated/client";
import { profileUrlOf } from "../../lib/linkedin-url";
import type { EmailFinderInput } from "../../providers/email-finder/types";
import { mergeFields } from "./lead-merge-fields";

type FinderLead = Pick<Lead, "firstName" | "lastName" | "company" | "headline" | "jobTitle" | "location" | "email" | "customVariables" | "profileUrl" | "publicIdentifier">;

export function emailFinderInput(lead: FinderLead, campaignLead: Pick<CampaignLead, "customVariables">): EmailFinderInput {
  const fields = mergeFields(lead, campaignLead);
  const domain = [fields.companyDomain, fields.domain, fields.website].find((value) => typeof value === "string" && value.trim() !== "");
  return {
    firstName: lead.firstName,
    lastName: lead.lastName,
    companyName: lead.company,
    companyDomain: domain ?? null,
    linkedinUrl: lead.profileUrl ?? (lead.publicIdentifier ? profileUrlOf(lead.publicIdentifier) : null),
  };
}
