// The HubSpot stand-in's OAuth side (developers.hubspot.com, "OAuth tokens API" v1): the install
// page approving at once, the token endpoint's two grants and their refusals, the access-token
// metadata, and the bearer check every CRM call goes through. Used by hubspot-fake.ts.
import { randomBytes, randomUUID } from "node:crypto";
import type { FakeAnswer, FakeRequest } from "./local-http-fake";

export const FAKE_HUBSPOT_CLIENT_ID = "9b0e1c5a-0000-4a1b-8f00-hubspot-test";
export const FAKE_HUBSPOT_CLIENT_SECRET = "hubspot-test-client-secret";
const ACCESS_TOKEN_SECONDS = 1800;
const SCOPES = ["oauth", "crm.objects.contacts.read", "crm.objects.contacts.write", "crm.objects.deals.read", "crm.objects.deals.write", "crm.lists.read", "crm.schemas.contacts.read"];

export interface HubspotFakeOAuth {
  clientId: string;
  clientSecret: string;
  /** What a person approving the install does: answers the code HubSpot would put on the redirect. */
  authorize(input: { redirectUri: string }): string;
  /** Tokens as if the install had just finished (for tests that do not walk the OAuth flow). */
  issueTokens(): { accessToken: string; refreshToken: string };
  /** The app is uninstalled: every access and refresh token stops working. */
  revoke(): void;
  /** Every access token issued so far is past its 30 minutes. */
  expireAccessTokens(): void;
  /** Every token request's form, oldest first. */
  tokenRequests: Array<Record<string, string>>;
}

function tokenRefusal(status: string, message: string): FakeAnswer {
  return { status: 400, body: { status, message, correlationId: randomUUID(), requestId: randomUUID() } };
}

export function hubspotOAuthRoutes(input: { hubId: number; hubDomain: string; clock: () => Date }) {
  const codes = new Map<string, { redirectUri: string; used: boolean }>();
  const accessTokens = new Map<string, { expiresAt: Date; revoked: boolean }>();
  const refreshTokens = new Map<string, { revoked: boolean }>();
  const tokenRequests: Array<Record<string, string>> = [];

  function issueAccessToken(): string {
    const token = `CN${randomBytes(24).toString("base64url")}`;
    accessTokens.set(token, { expiresAt: new Date(input.clock().getTime() + ACCESS_TOKEN_SECONDS * 1000), revoked: false });
    return token;
  }

  function issueTokens() {
    const refreshToken = randomUUID();
    refreshTokens.set(refreshToken, { revoked: false });
    return { accessToken: issueAccessToken(), refreshToken };
  }

  function authorize({ redirectUri }: { redirectUri: string }): string {
    const code = randomUUID();
    codes.set(code, { redirectUri, used: false });
    return code;
  }

  function token(request: FakeRequest): FakeAnswer {
    const form = Object.fromEntries(new URLSearchParams(request.body.toString("utf8")));
    tokenRequests.push(form);
    if (form.client_id !== FAKE_HUBSPOT_CLIENT_ID) return tokenRefusal("BAD_CLIENT_ID", "missing or unknown client id");
    if (form.client_secret !== FAKE_HUBSPOT_CLIENT_SECRET) return tokenRefusal("BAD_CLIENT_SECRET", "missing or invalid client secret");
    let refreshToken: string;
    if (form.grant_type === "authorization_code") {
      const code = codes.get(form.code ?? "");
      if (!code || code.used) return tokenRefusal("BAD_AUTH_CODE", "missing or unknown auth code");
      if (code.redirectUri !== form.redirect_uri) return tokenRefusal("BAD_REDIRECT_URI", "redirect_uri does not match initial auth code URI");
      code.used = true;
      refreshToken = randomUUID();
      refreshTokens.set(refreshToken, { revoked: false });
    } else if (form.grant_type === "refresh_token") {
      const known = refreshTokens.get(form.refresh_token ?? "");
      if (!known || known.revoked) return tokenRefusal("BAD_REFRESH_TOKEN", "missing or invalid refresh token");
      refreshToken = form.refresh_token ?? "";
    } else {
      return tokenRefusal("BAD_GRANT_TYPE", "missing or invalid grant type");
    }
    return { body: { token_type: "bearer", refresh_token: refreshToken, access_token: issueAccessToken(), expires_in: ACCESS_TOKEN_SECONDS } };
  }

  function handle(request: FakeRequest): FakeAnswer {
    if (request.method === "GET" && request.path === "/oauth/authorize") {
      const redirectUri = request.query.get("redirect_uri") ?? "";
      if (request.query.get("client_id") !== FAKE_HUBSPOT_CLIENT_ID || !redirectUri) return { status: 400, body: "Authorization failed because the client ID or redirect URL is invalid." };
      const target = new URL(redirectUri);
      target.searchParams.set("code", authorize({ redirectUri }));
      const state = request.query.get("state");
      if (state !== null) target.searchParams.set("state", state);
      return { status: 302, headers: { location: target.toString() } };
    }
    if (request.method === "POST" && request.path === "/oauth/v1/token") return token(request);
    const info = /^\/oauth\/v1\/access-tokens\/([^/]+)$/.exec(request.path);
    if (request.method === "GET" && info) {
      const accessToken = decodeURIComponent(info[1] ?? "");
      const known = accessTokens.get(accessToken);
      if (!known || known.revoked || known.expiresAt <= input.clock()) {
        return { status: 404, body: { status: "error", message: "Token not found", correlationId: randomUUID(), category: "OBJECT_NOT_FOUND" } };
      }
      return {
        body: {
          token: accessToken,
          user: "ada@herald.test",
          hub_domain: input.hubDomain,
          scopes: SCOPES,
          signed_access_token: {},
          hub_id: input.hubId,
          app_id: 456789,
          expires_in: Math.max(0, Math.round((known.expiresAt.getTime() - input.clock().getTime()) / 1000)),
          user_id: 123,
          token_type: "access",
        },
      };
    }
    return { status: 404, body: { status: "error", message: "Not found", correlationId: randomUUID(), category: "OBJECT_NOT_FOUND" } };
  }

  /** Null when the bearer token may call the API; else HubSpot's 401. */
  function checkAccessToken(accessToken: string | undefined): FakeAnswer | null {
    const known = accessToken ? accessTokens.get(accessToken) : undefined;
    if (!known || known.revoked) {
      return {
        status: 401,
        body: {
          status: "error",
          message: "Authentication credentials not found. This API supports OAuth 2.0 authentication and you can find more details at https://developers.hubspot.com/docs/methods/auth/oauth-overview",
          correlationId: randomUUID(),
          category: "INVALID_AUTHENTICATION",
        },
      };
    }
    if (known.expiresAt <= input.clock()) {
      const minutes = Math.max(1, Math.round((input.clock().getTime() - known.expiresAt.getTime()) / 60_000));
      return { status: 401, body: { status: "error", message: `The OAuth token used to make this call expired ${minutes} minute(s) ago.`, correlationId: randomUUID(), category: "EXPIRED_AUTHENTICATION" } };
    }
    return null;
  }

  const controls: HubspotFakeOAuth = {
    clientId: FAKE_HUBSPOT_CLIENT_ID,
    clientSecret: FAKE_HUBSPOT_CLIENT_SECRET,
    authorize,
    issueTokens,
    revoke() {
      for (const known of accessTokens.values()) known.revoked = true;
      for (const known of refreshTokens.values()) known.revoked = true;
    },
    expireAccessTokens() {
      const past = new Date(input.clock().getTime() - 1000);
      for (const known of accessTokens.values()) known.expiresAt = past;
    },
    tokenRequests,
  };
  return { handle, checkAccessToken, controls };
}
