// HubSpot's OAuth for a public app: the install page (app.hubspot.com/oauth/authorize), the code
// exchange and the refresh (POST /oauth/v1/token, form-encoded, answering {access_token,
// refresh_token, expires_in, token_type}) and the token's metadata (GET /oauth/v1/access-tokens/
// {token}: hub_id, hub_domain), all through the official client's oauth APIs.
import type { CrmAccount, CrmOAuthClient, CrmOAuthConfig, CrmTokens } from "../types";
import { now } from "../../../lib/clock";
import { callHubspot, toCrmTokenError } from "./errors";
import { hubspotClient } from "./hubspot-api";

export const HUBSPOT_AUTHORIZE_URL = "https://app.hubspot.com/oauth/authorize";

/** What Herald asks of a HubSpot account: contacts, deals, lists, notes (which ride on the contacts scopes) and the token metadata. */
export const HUBSPOT_SCOPES = [
  "oauth",
  "crm.objects.contacts.read",
  "crm.objects.contacts.write",
  "crm.objects.deals.read",
  "crm.objects.deals.write",
  "crm.lists.read",
  "crm.schemas.contacts.read",
] as const;

/** Hub ids by access token, so record links need no second metadata call while a token lives (30 minutes). */
const hubIdsByToken = new Map<string, string>();
const HUB_ID_CACHE_SIZE = 500;

function rememberHubId(accessToken: string, hubId: string): void {
  if (hubIdsByToken.size >= HUB_ID_CACHE_SIZE) {
    const oldest = hubIdsByToken.keys().next().value;
    if (oldest !== undefined) hubIdsByToken.delete(oldest);
  }
  hubIdsByToken.set(accessToken, hubId);
}

export function knownHubId(accessToken: string): string | null {
  return hubIdsByToken.get(accessToken) ?? null;
}

/** The portal an access token reaches: its hub id, and its domain as the name a person recognises. */
export async function hubspotAccount(config: CrmOAuthConfig, accessToken: string): Promise<CrmAccount> {
  const info = await callHubspot("read the connected account", () => hubspotClient(config).oauth.accessTokensApi.get(accessToken));
  const id = String(info.hubId);
  rememberHubId(accessToken, id);
  return { id, name: info.hubDomain?.trim() || `HubSpot account ${id}` };
}

function tokensFrom(answer: { accessToken: string; refreshToken?: string; expiresIn?: number }, previousRefreshToken: string | null): CrmTokens {
  return {
    accessToken: answer.accessToken,
    // HubSpot keeps a refresh token for the life of the install; it is answered again on refresh.
    refreshToken: answer.refreshToken || previousRefreshToken,
    expiresAt: typeof answer.expiresIn === "number" && answer.expiresIn > 0 ? new Date(now().getTime() + answer.expiresIn * 1000) : null,
    instanceUrl: null,
  };
}

export function hubspotOAuth(config: CrmOAuthConfig): CrmOAuthClient {
  const tokenEndpoint = new URL(config.tokenUrl);
  // The official client posts to <basePath>/oauth/v1/token: the token URL's origin is its base path.
  const tokenClient = hubspotClient({ ...config, apiBaseUrl: tokenEndpoint.origin });
  return {
    authorizeUrl({ state, redirectUri }) {
      const url = new URL(config.authorizeUrl || HUBSPOT_AUTHORIZE_URL);
      url.searchParams.set("client_id", config.clientId);
      url.searchParams.set("redirect_uri", redirectUri);
      url.searchParams.set("scope", HUBSPOT_SCOPES.join(" "));
      url.searchParams.set("state", state);
      return url.toString();
    },
    async exchangeCode({ code, redirectUri }) {
      let answer;
      try {
        answer = await tokenClient.oauth.tokensApi.create("authorization_code", code, redirectUri, config.clientId, config.clientSecret);
      } catch (error) {
        throw toCrmTokenError(error, "authorization_code");
      }
      const tokens = tokensFrom(answer, null);
      const account = await hubspotAccount(config, tokens.accessToken);
      return { tokens, account };
    },
    async refresh(tokens) {
      if (!tokens.refreshToken) throw toCrmTokenError({ code: 400, body: { status: "BAD_REFRESH_TOKEN", message: "no refresh token was kept" }, headers: {} }, "refresh_token");
      try {
        const answer = await tokenClient.oauth.tokensApi.create("refresh_token", undefined, undefined, config.clientId, config.clientSecret, tokens.refreshToken);
        return tokensFrom(answer, tokens.refreshToken);
      } catch (error) {
        throw toCrmTokenError(error, "refresh_token");
      }
    },
  };
}
