// Pipedrive's OAuth 2.0 authorization code flow through the official client's OAuth2Configuration
// ("OAuth authorization" in Pipedrive's Marketplace docs): the browser goes to
// oauth.pipedrive.com/oauth/authorize, the code is exchanged at /oauth/token with the app's client
// id and secret as Basic auth, and the answer carries the company's api_domain, which the
// connection keeps as CrmTokens.instanceUrl.
import axios from "axios";
import { v2 } from "pipedrive";
import { now } from "../../../lib/clock";
import { CrmError, type CrmOAuthClient, type CrmOAuthConfig, type CrmTokens } from "../types";
import { checkPipedriveApiDomain, pipedriveApiDomain, pipedriveApis } from "./pipedrive-http";

/** Pipedrive's token errors are `{success: false, message: "Invalid grant: …", error: "invalid_grant"}` (400) or `invalid_client` (401). */
function tokenError(error: unknown, doing: string): CrmError {
  if (axios.isAxiosError(error)) return new CrmError("unavailable", `Pipedrive could not be reached to ${doing} (${error.code ?? error.message}).`, { cause: error });
  const body = error && typeof error === "object" ? (error as { error?: unknown; message?: unknown; error_description?: unknown }) : {};
  const code = typeof body.error === "string" ? body.error : "";
  const said = [body.message, body.error_description].find((value): value is string => typeof value === "string" && value !== "") ?? code;
  if (code === "invalid_grant") return new CrmError("revoked", `Pipedrive refused to ${doing}: the authorization was revoked, expired or already used (${said}). Connect Pipedrive again.`, { cause: error });
  if (code === "invalid_client" || code === "unauthorized_client") return new CrmError("revoked", `Pipedrive refused Herald's app credentials while trying to ${doing}: check HERALD_PIPEDRIVE_CLIENT_ID and HERALD_PIPEDRIVE_CLIENT_SECRET.`, { cause: error });
  if (code !== "") return new CrmError("rejected", `Pipedrive refused to ${doing}: ${said}.`, { cause: error });
  return new CrmError("unavailable", `Pipedrive did not answer properly while trying to ${doing}; try again later.`, { cause: error });
}

/** The OAuth server's origin: the client posts to `<host>/oauth/token`. */
function oauthHost(tokenUrl: string): string {
  return tokenUrl.replace(/\/oauth\/token\/?$/, "");
}

function tokensFrom(answer: v2.TokenResponse, config: CrmOAuthConfig, previous: CrmTokens | null): CrmTokens {
  if (!answer || typeof answer.access_token !== "string") throw new CrmError("unavailable", "Pipedrive answered the token request without an access token; try again later.");
  const instanceUrl = answer.api_domain ? (config.apiBaseUrl ? answer.api_domain : checkPipedriveApiDomain(answer.api_domain)) : (previous?.instanceUrl ?? null);
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token ?? previous?.refreshToken ?? null,
    expiresAt: typeof answer.expires_in === "number" ? new Date(now().getTime() + answer.expires_in * 1000) : null,
    instanceUrl,
  };
}

export function pipedriveOAuth(config: CrmOAuthConfig): CrmOAuthClient {
  const client = (redirectUri: string) => new v2.OAuth2Configuration({ clientId: config.clientId, clientSecret: config.clientSecret, redirectUri, host: oauthHost(config.tokenUrl) });
  return {
    authorizeUrl({ state, redirectUri }) {
      // Pipedrive's scopes are chosen in the app's settings, not on this URL.
      const url = new URL(config.authorizeUrl);
      url.searchParams.set("client_id", config.clientId);
      url.searchParams.set("redirect_uri", redirectUri);
      url.searchParams.set("state", state);
      return url.toString();
    },
    async exchangeCode({ code, redirectUri }) {
      let answer: v2.TokenResponse;
      try {
        answer = await client(redirectUri).authorize(code);
      } catch (error) {
        throw tokenError(error, "finish connecting");
      }
      const tokens = tokensFrom(answer, config, null);
      const me = await pipedriveApis(pipedriveApiDomain(config.apiBaseUrl, tokens.instanceUrl), tokens.accessToken).users.getCurrentUser();
      const company = me.data;
      if (!company?.company_id) throw new CrmError("unavailable", "Pipedrive did not say which company the connection reaches; try again.");
      return { tokens, account: { id: String(company.company_id), name: company.company_name || company.company_domain || `Pipedrive company ${company.company_id}` } };
    },
    async refresh(tokens) {
      if (!tokens.refreshToken) throw new CrmError("revoked", "The Pipedrive connection has no refresh token: connect Pipedrive again.");
      // The redirect URI plays no part in a refresh, but the client insists on one.
      const oauth = client("https://herald.invalid/api/oauth/crm/callback");
      oauth.updateToken({ access_token: tokens.accessToken, refresh_token: tokens.refreshToken, token_type: "Bearer", expires_in: 0, scope: "", api_domain: "" });
      try {
        return tokensFrom(await oauth.tokenRefresh(), config, tokens);
      } catch (error) {
        throw tokenError(error, "renew its access");
      }
    },
  };
}
