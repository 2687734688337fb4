// Salesforce's OAuth 2.0 web server flow through jsforce's OAuth2 ("OAuth 2.0 Web Server Flow for
// Web App Integration"): the browser goes to <login URL>/services/oauth2/authorize, the code is
// exchanged at /services/oauth2/token, and the answer carries the org's instance_url and the
// identity URL that names the org and user. Salesforce's tokens carry no expiry: the sync core
// renews through `refresh` when Salesforce answers INVALID_SESSION_ID (salesforce-connection.ts),
// keeping a rotated refresh token when the connected app rotates them. Only invalid_grant means
// the connection is gone; the token endpoint failing (5xx, unreachable) is "unavailable".
import { Connection, type TokenResponse } from "jsforce";
import { CrmError, type CrmAccount, type CrmOAuthClient, type CrmOAuthConfig, type CrmTokens } from "../types";
import { checkSalesforceInstanceUrl, SALESFORCE_API_VERSION, salesforceCall, salesforceError, salesforceOAuth2, withoutTransportRetries } from "./salesforce-connection";

export const SALESFORCE_SCOPES = ["api", "refresh_token"] as const;

/** The authorize and token endpoints of a login URL (login.salesforce.com, test.salesforce.com or a My Domain). */
export function salesforceOAuthUrls(loginUrl: string): { authorizeUrl: string; tokenUrl: string } {
  const base = loginUrl.replace(/\/+$/, "");
  return { authorizeUrl: `${base}/services/oauth2/authorize`, tokenUrl: `${base}/services/oauth2/token` };
}

function tokenError(error: unknown, doing: string): CrmError {
  const failure = error && typeof error === "object" ? (error as { name?: string; message?: string }) : {};
  const code = failure.name ?? "";
  if (code === "invalid_grant") return new CrmError("revoked", `Salesforce refused to ${doing}: the authorization was revoked, expired or already used (${failure.message ?? code}). Connect Salesforce again.`, { cause: error });
  if (code === "invalid_client_id" || code === "invalid_client" || code === "unauthorized_client") {
    return new CrmError("revoked", `Salesforce refused Herald's app credentials while trying to ${doing}: check HERALD_SALESFORCE_CLIENT_ID and HERALD_SALESFORCE_CLIENT_SECRET.`, { cause: error });
  }
  if (/^[a-z_]+$/.test(code) && code !== "error") return new CrmError("rejected", `Salesforce refused to ${doing}: ${failure.message ?? code}.`, { cause: error });
  return salesforceError(error);
}

function tokensFrom(answer: TokenResponse, config: CrmOAuthConfig, previous: CrmTokens | null): CrmTokens {
  if (!answer || typeof answer.access_token !== "string") throw new CrmError("unavailable", "Salesforce answered the token request without an access token; try again later.");
  const instanceUrl = answer.instance_url ? (config.apiBaseUrl ? answer.instance_url : checkSalesforceInstanceUrl(answer.instance_url)) : (previous?.instanceUrl ?? null);
  return { accessToken: answer.access_token, refreshToken: answer.refresh_token ?? previous?.refreshToken ?? null, expiresAt: null, instanceUrl };
}

/** The org the tokens reach: its id from the identity service, its name from the Organization record. */
export async function salesforceAccount(connection: Connection): Promise<CrmAccount> {
  return salesforceCall(async () => {
    const identity = await connection.identity();
    const organization = await connection.query<{ Id: string; Name: string }>("SELECT Id, Name FROM Organization LIMIT 1");
    const name = organization.records[0]?.Name;
    return { id: identity.organization_id, name: name && name.trim() !== "" ? name : `Salesforce org ${identity.organization_id}` };
  });
}

export function salesforceOAuth(config: CrmOAuthConfig): CrmOAuthClient {
  return {
    authorizeUrl({ state, redirectUri }) {
      return salesforceOAuth2(config, redirectUri).getAuthorizationUrl({ scope: SALESFORCE_SCOPES.join(" "), state });
    },
    async exchangeCode({ code, redirectUri }) {
      let answer: TokenResponse;
      try {
        answer = await salesforceOAuth2(config, redirectUri).requestToken(code);
      } catch (error) {
        throw tokenError(error, "finish connecting");
      }
      const tokens = tokensFrom(answer, config, null);
      const instanceUrl = config.apiBaseUrl ?? tokens.instanceUrl ?? "";
      const connection = withoutTransportRetries(new Connection({ instanceUrl, accessToken: tokens.accessToken, version: SALESFORCE_API_VERSION }));
      return { tokens, account: await salesforceAccount(connection) };
    },
    async refresh(tokens) {
      if (!tokens.refreshToken) throw new CrmError("revoked", "The Salesforce connection has no refresh token: connect Salesforce again (the app needs the refresh_token scope).");
      try {
        return tokensFrom(await salesforceOAuth2(config).refreshToken(tokens.refreshToken), config, tokens);
      } catch (error) {
        throw tokenError(error, "renew its access");
      }
    },
  };
}
