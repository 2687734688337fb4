// The CRM sync's settings (issue 39, docs/crm-sync.md), spread into env.ts's schema: each CRM's
// OAuth app (without both its id and secret the CRM is not offered) and, for the tests' stand-ins
// only, where its endpoints are.
import { z } from "zod";
import { endpointUrl } from "./env-fields";

const clientSetting = z.string().trim().min(1).optional();

export const crmEnvFields = {
  /** A HubSpot public app (developer account → Apps): its client id and secret. */
  HERALD_HUBSPOT_CLIENT_ID: clientSetting,
  HERALD_HUBSPOT_CLIENT_SECRET: clientSetting,
  /** A Pipedrive Marketplace app (Developer Hub): its client id and secret. */
  HERALD_PIPEDRIVE_CLIENT_ID: clientSetting,
  HERALD_PIPEDRIVE_CLIENT_SECRET: clientSetting,
  /** A Salesforce connected app or External Client App: its consumer key and secret. */
  HERALD_SALESFORCE_CLIENT_ID: clientSetting,
  HERALD_SALESFORCE_CLIENT_SECRET: clientSetting,
  /** Salesforce's login host; https://test.salesforce.com for sandboxes, or a My Domain. */
  HERALD_SALESFORCE_LOGIN_URL: z.url({ message: "must be an absolute URL such as https://login.salesforce.com" }).default("https://login.salesforce.com"),
  // Where the CRMs' endpoints are; set only to point Herald at a stand-in (the tests' fakes).
  HERALD_HUBSPOT_AUTHORIZE_URL: endpointUrl,
  HERALD_HUBSPOT_TOKEN_URL: endpointUrl,
  HERALD_HUBSPOT_API_URL: endpointUrl,
  HERALD_PIPEDRIVE_AUTHORIZE_URL: endpointUrl,
  HERALD_PIPEDRIVE_TOKEN_URL: endpointUrl,
  HERALD_PIPEDRIVE_API_URL: endpointUrl,
  HERALD_SALESFORCE_API_URL: endpointUrl,
};

/** The id/secret pairs: one without the other is refused at start. */
export const CRM_CLIENT_PAIRS = [
  ["HERALD_HUBSPOT_CLIENT_ID", "HERALD_HUBSPOT_CLIENT_SECRET"],
  ["HERALD_PIPEDRIVE_CLIENT_ID", "HERALD_PIPEDRIVE_CLIENT_SECRET"],
  ["HERALD_SALESFORCE_CLIENT_ID", "HERALD_SALESFORCE_CLIENT_SECRET"],
] as const;
