// A lead's values under the connection's field mapping: what is written to the CRM (only mapped
// fields, only values Herald has) and how the lead is matched (e-mail, then LinkedIn URL).
import type { Lead } from "../../db/generated/client";
import { profileUrlOf } from "../../lib/linkedin-url";
import type { CrmFieldMapping, CrmMatch, HeraldLeadField } from "../../providers/crm/types";

type LeadValues = Pick<Lead, "email" | "firstName" | "lastName" | "company" | "jobTitle" | "headline" | "location" | "profileUrl" | "publicIdentifier" | "customVariables">;

export function leadValue(lead: LeadValues, field: HeraldLeadField): string | null {
  if (field.startsWith("custom.")) {
    const variables = (lead.customVariables ?? {}) as Record<string, unknown>;
    const value = variables[field.slice("custom.".length)];
    return typeof value === "string" && value.trim() ? value : null;
  }
  switch (field) {
    case "linkedinUrl":
      return lead.profileUrl ?? (lead.publicIdentifier ? profileUrlOf(lead.publicIdentifier) : null);
    case "email":
    case "firstName":
    case "lastName":
    case "company":
    case "jobTitle":
    case "headline":
    case "location":
      return lead[field]?.trim() || null;
    default:
      return null;
  }
}

/** CRM field → value for every mapped field the lead has a value for. */
export function crmPropertiesOf(lead: LeadValues, mapping: readonly CrmFieldMapping[]): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const entry of mapping) {
    const value = leadValue(lead, entry.herald);
    if (value !== null) properties[entry.crm] = value;
  }
  return properties;
}

export function crmMatchOf(lead: LeadValues, mapping: readonly CrmFieldMapping[]): CrmMatch {
  return {
    email: lead.email?.trim().toLowerCase() || null,
    linkedinUrl: leadValue(lead, "linkedinUrl"),
    linkedinField: mapping.find((entry) => entry.herald === "linkedinUrl")?.crm ?? null,
  };
}
