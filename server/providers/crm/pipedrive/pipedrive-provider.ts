// Pipedrive behind Herald's CrmProvider (docs/crm-sync-pipedrive.md says how to connect it for real).
import type { CrmFieldMapping, CrmProvider } from "../types";
import { pipedriveClient } from "./pipedrive-client";
import { pipedriveOAuth } from "./pipedrive-oauth";
import { ORGANIZATION_NAME_FIELD } from "./pipedrive-person-fields";

/**
 * A new connection's mapping. Pipedrive has no LinkedIn field: the person custom field the admin
 * creates gets a hash key, which the mapping editor fills in (docs/crm-sync-pipedrive.md); until
 * then leads are matched by e-mail only.
 */
const DEFAULT_FIELD_MAPPING: readonly CrmFieldMapping[] = [
  { herald: "email", crm: "email" },
  { herald: "firstName", crm: "first_name" },
  { herald: "lastName", crm: "last_name" },
  { herald: "company", crm: ORGANIZATION_NAME_FIELD },
  { herald: "jobTitle", crm: "job_title" },
];

export const pipedriveProvider: CrmProvider = {
  name: "pipedrive",
  label: "Pipedrive",
  // Chosen in the app's settings in Pipedrive's Developer Hub (not sent on the authorize URL).
  scopes: ["base", "contacts:full", "deals:full", "users:read"],
  defaultFieldMapping: DEFAULT_FIELD_MAPPING,
  // Pipedrive's token-based limits allow the cheapest plan about 20 requests per 2 seconds per
  // token for the endpoints Herald uses; 8 per second keeps room for the company's other apps.
  requestsPerSecond: 8,
  oauth: pipedriveOAuth,
  client: pipedriveClient,
};
