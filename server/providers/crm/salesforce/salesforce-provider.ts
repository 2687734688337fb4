// Salesforce behind Herald's CrmProvider (docs/crm-sync-salesforce.md says how to connect it for real).
import type { CrmFieldMapping, CrmProvider } from "../types";
import { salesforceClient } from "./salesforce-client";
import { SALESFORCE_SCOPES, salesforceOAuth } from "./salesforce-oauth";

/** The custom field docs/crm-sync-salesforce.md asks the admin to create on Lead and Contact. */
export const SALESFORCE_LINKEDIN_FIELD = "LinkedIn_URL__c";

/**
 * A new connection's mapping, in Lead field names (a Contact's Company is read from its Account).
 * Fields the org lacks (the LinkedIn field before the admin creates it) are left out of writes.
 */
const DEFAULT_FIELD_MAPPING: readonly CrmFieldMapping[] = [
  { herald: "email", crm: "Email" },
  { herald: "firstName", crm: "FirstName" },
  { herald: "lastName", crm: "LastName" },
  { herald: "company", crm: "Company" },
  { herald: "jobTitle", crm: "Title" },
  { herald: "linkedinUrl", crm: SALESFORCE_LINKEDIN_FIELD },
];

export const salesforceProvider: CrmProvider = {
  name: "salesforce",
  label: "Salesforce",
  scopes: SALESFORCE_SCOPES,
  defaultFieldMapping: DEFAULT_FIELD_MAPPING,
  // Salesforce counts API calls per org per 24 hours (100,000 and up on Enterprise) and allows 25
  // long-running requests at once; 5 per second keeps a sync well inside both.
  requestsPerSecond: 5,
  oauth: salesforceOAuth,
  client: salesforceClient,
};
