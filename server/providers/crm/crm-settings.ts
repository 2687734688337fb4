// Each CRM's OAuth app and endpoints, from the environment (server/env-crm.ts): the real hosts by
// default, a stand-in's when the tests set the overrides. A CRM without both its client id and
// secret is not offered, and the Integrations page says what to set.
import { env } from "../../env";
import type { CrmOAuthConfig, CrmProviderName } from "./types";

export const CRM_LABELS: Record<CrmProviderName, string> = { hubspot: "HubSpot", pipedrive: "Pipedrive", salesforce: "Salesforce" };

/** The provider's OAuth settings, or null when this installation has not set its client id and secret. */
export function crmOAuthConfig(name: CrmProviderName): CrmOAuthConfig | null {
  const e = env();
  switch (name) {
    case "hubspot":
      if (!e.HERALD_HUBSPOT_CLIENT_ID || !e.HERALD_HUBSPOT_CLIENT_SECRET) return null;
      return {
        clientId: e.HERALD_HUBSPOT_CLIENT_ID,
        clientSecret: e.HERALD_HUBSPOT_CLIENT_SECRET,
        authorizeUrl: e.HERALD_HUBSPOT_AUTHORIZE_URL ?? "https://app.hubspot.com/oauth/authorize",
        tokenUrl: e.HERALD_HUBSPOT_TOKEN_URL ?? "https://api.hubapi.com/oauth/v1/token",
        apiBaseUrl: e.HERALD_HUBSPOT_API_URL ?? "https://api.hubapi.com",
      };
    case "pipedrive":
      if (!e.HERALD_PIPEDRIVE_CLIENT_ID || !e.HERALD_PIPEDRIVE_CLIENT_SECRET) return null;
      return {
        clientId: e.HERALD_PIPEDRIVE_CLIENT_ID,
        clientSecret: e.HERALD_PIPEDRIVE_CLIENT_SECRET,
        authorizeUrl: e.HERALD_PIPEDRIVE_AUTHORIZE_URL ?? "https://oauth.pipedrive.com/oauth/authorize",
        tokenUrl: e.HERALD_PIPEDRIVE_TOKEN_URL ?? "https://oauth.pipedrive.com/oauth/token",
        apiBaseUrl: e.HERALD_PIPEDRIVE_API_URL ?? null,
      };
    case "salesforce": {
      if (!e.HERALD_SALESFORCE_CLIENT_ID || !e.HERALD_SALESFORCE_CLIENT_SECRET) return null;
      const login = e.HERALD_SALESFORCE_LOGIN_URL.replace(/\/+$/, "");
      return {
        clientId: e.HERALD_SALESFORCE_CLIENT_ID,
        clientSecret: e.HERALD_SALESFORCE_CLIENT_SECRET,
        authorizeUrl: `${login}/services/oauth2/authorize`,
        tokenUrl: `${login}/services/oauth2/token`,
        apiBaseUrl: e.HERALD_SALESFORCE_API_URL ?? null,
      };
    }
  }
}

/** What to set for a CRM that is not configured, in plain words. */
export function crmNotConfiguredMessage(name: CrmProviderName): string {
  const prefix = `HERALD_${name.toUpperCase()}`;
  return `${CRM_LABELS[name]} is not set up on this Herald: an administrator sets ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET (docs/crm-sync.md says how to create the app).`;
}

/** Whether an API override points the provider at a stand-in (then the token's instance URL is not checked). */
export function crmApiOverridden(name: CrmProviderName): boolean {
  const e = env();
  return Boolean({ hubspot: e.HERALD_HUBSPOT_API_URL, pipedrive: e.HERALD_PIPEDRIVE_API_URL, salesforce: e.HERALD_SALESFORCE_API_URL }[name]);
}
