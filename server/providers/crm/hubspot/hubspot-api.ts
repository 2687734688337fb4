// The official client (@hubspot/api-client), configured the one way Herald uses it.
//
// Retries: the client can retry 5xx and 429s itself (numberOfApiCallRetries, with waits of up to a
// minute) and throttle with Bottleneck (limiterOptions). Herald turns both off: its decorators are
// held in one process-wide singleton that every `new Client()` replaces, waits inside a request
// would hold an Inngest step open, and the sync already retries with backoff and keeps under
// `requestsPerSecond` per connection. A 429 comes back at once as CrmError "rate-limited" with the
// seconds to wait.
import { Client } from "@hubspot/api-client";
import type { CrmOAuthConfig } from "../types";

export const HUBSPOT_API_URL = "https://api.hubapi.com";
export const HUBSPOT_APP_URL = "https://app.hubspot.com";

/** The API's base URL: the configured one (a stand-in in tests), else HubSpot's. */
export function hubspotBaseUrl(config: CrmOAuthConfig): string {
  return (config.apiBaseUrl ?? HUBSPOT_API_URL).replace(/\/+$/, "");
}

export function hubspotClient(config: CrmOAuthConfig, accessToken?: string): Client {
  return new Client({ accessToken, basePath: hubspotBaseUrl(config), numberOfApiCallRetries: 0 });
}

/** HubSpot's contact object type id, as the lists API names object types. */
export const CONTACT_OBJECT_TYPE_ID = "0-1";

/** A link to a record in HubSpot's app, when the portal (hub) id is known. */
export function hubspotRecordUrl(hubId: string | null, objectTypeId: string, id: string): string | null {
  return hubId ? `${HUBSPOT_APP_URL}/contacts/${encodeURIComponent(hubId)}/record/${objectTypeId}/${encodeURIComponent(id)}` : null;
}
