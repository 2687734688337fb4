// A campaign lead's values for the placeholders: the lead's fields and custom variables, the
// campaign lead's own custom variables winning. The executor, approvals and the forecast read them alike.
import type { CampaignLead, Lead } from "../../db/generated/client";
import { dataSourceInWords } from "../../domain/privacy/lead-source";
import type { MergeFields } from "../../domain/sequence/render-copy";

export function mergeFields(
  lead: Pick<Lead, "firstName" | "lastName" | "company" | "headline" | "jobTitle" | "location" | "email" | "customVariables"> & Partial<Pick<Lead, "source" | "sourceDetail">>,
  campaignLead: Pick<CampaignLead, "customVariables">,
): MergeFields {
  const custom = { ...(lead.customVariables as Record<string, string>), ...(campaignLead.customVariables as Record<string, string>) };
  return {
    ...custom,
    firstName: lead.firstName,
    lastName: lead.lastName,
    company: lead.company,
    headline: lead.headline,
    jobTitle: lead.jobTitle,
    location: lead.location,
    email: lead.email,
    // Where the person's data came from, in their words (the notice line's placeholder, docs/privacy.md).
    ...(lead.source ? { dataSource: dataSourceInWords(lead.source, lead.sourceDetail ?? null) } : {}),
  };
}
