// HubSpot behind Herald's CRM interface, through the official client (@hubspot/api-client). The
// parts live beside this file: oauth (install, tokens, account), contacts (match, create, update,
// properties), activities (notes), deals (deals, pipelines), lists, exclusions, errors.
// docs/crm-sync-hubspot.md says how to connect it for real.
import type { CrmClient, CrmFieldMapping, CrmOAuthConfig, CrmProvider, CrmTokens } from "../types";
import { logActivity } from "./activities";
import { createContact, findContact, HUBSPOT_LINKEDIN_PROPERTY, listContactFields, updateContact, type HubspotContext } from "./contacts";
import { createDeal, listDealPipelines } from "./deals";
import { pullExclusions } from "./exclusions";
import { HUBSPOT_API_URL, hubspotClient } from "./hubspot-api";
import { listContactLists, listMembers } from "./lists";
import { hubspotAccount, hubspotOAuth, HUBSPOT_AUTHORIZE_URL, HUBSPOT_SCOPES, knownHubId } from "./oauth";

/**
 * The endpoints a connection's CrmOAuthConfig holds: HubSpot's own, or with `standInUrl` (an
 * administrator's HERALD_HUBSPOT_API_URL, the tests' stand-in) everything on that one address, laid
 * out as HubSpot lays out its paths.
 */
export function hubspotEndpoints(standInUrl: string | null = null): Pick<CrmOAuthConfig, "authorizeUrl" | "tokenUrl" | "apiBaseUrl"> {
  if (!standInUrl) return { authorizeUrl: HUBSPOT_AUTHORIZE_URL, tokenUrl: `${HUBSPOT_API_URL}/oauth/v1/token`, apiBaseUrl: null };
  const base = standInUrl.replace(/\/+$/, "");
  return { authorizeUrl: `${base}/oauth/authorize`, tokenUrl: `${base}/oauth/v1/token`, apiBaseUrl: base };
}

export const HUBSPOT_DEFAULT_FIELD_MAPPING: readonly CrmFieldMapping[] = [
  { herald: "email", crm: "email" },
  { herald: "firstName", crm: "firstname" },
  { herald: "lastName", crm: "lastname" },
  { herald: "company", crm: "company" },
  { herald: "jobTitle", crm: "jobtitle" },
  { herald: "linkedinUrl", crm: HUBSPOT_LINKEDIN_PROPERTY },
];

function hubspotCrmClient(tokens: CrmTokens, config: CrmOAuthConfig): CrmClient {
  const api = hubspotClient(config, tokens.accessToken);
  const context: HubspotContext = {
    api,
    // Record links need the portal's id: known once account() ran for this token, else asked once.
    async hubId() {
      const known = knownHubId(tokens.accessToken);
      if (known) return known;
      try {
        return (await hubspotAccount(config, tokens.accessToken)).id;
      } catch {
        return null;
      }
    },
  };
  return {
    account: () => hubspotAccount(config, tokens.accessToken),
    listFields: () => listContactFields(context),
    listPipelines: () => listDealPipelines(context),
    listLists: () => listContactLists(context),
    findContact: (match) => findContact(context, match),
    createContact: (properties) => createContact(context, properties),
    updateContact: (id, properties) => updateContact(context, id, properties),
    logActivity: (contactId, activity) => logActivity(context, contactId, activity),
    createDeal: (contactId, deal) => createDeal(context, contactId, deal),
    pullExclusions: (input) => pullExclusions(context, input),
    listMembers: (input) => listMembers(context, input),
  };
}

export const hubspotProvider: CrmProvider = {
  name: "hubspot",
  label: "HubSpot",
  scopes: HUBSPOT_SCOPES,
  defaultFieldMapping: HUBSPOT_DEFAULT_FIELD_MAPPING,
  // HubSpot allows an OAuth app 110 requests per 10 seconds per account, and its search endpoints
  // (every match, every exclusion page) five per second per account: four a second keeps under both.
  requestsPerSecond: 4,
  oauth: hubspotOAuth,
  client: hubspotCrmClient,
};
