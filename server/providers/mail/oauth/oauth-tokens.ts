// Talking to Google's and Microsoft's token endpoints: exchanging an authorization code (with its
// PKCE verifier) for tokens, refreshing an access token, and reading the signed-in address.
// Both answer in the OAuth 2.0 shapes (RFC 6749 §5.1 and §5.2): `{access_token, expires_in,
// refresh_token?, scope, token_type, id_token?}` or `{error, error_description}`.
import { createHash } from "node:crypto";
import { MailProviderError } from "../types";
import type { OauthClient } from "./oauth-clients";

const TOKEN_TIMEOUT_MS = 15_000;

export interface OauthTokens {
  accessToken: string;
  /** When the access token stops working, from `expires_in`. */
  accessTokenExpiresAt: Date;
  /** Absent on most refreshes (Google); Microsoft rotates it and a new one replaces the old. */
  refreshToken: string | null;
  idToken: string | null;
}

/** The S256 code challenge of a PKCE verifier (RFC 7636 §4.2). */
export function codeChallengeS256(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}

/** An OAuth error answer (`{error, error_description}`) from a token endpoint. */
export class OauthGrantError extends Error {
  readonly error: string;
  constructor(error: string, description: string | null) {
    super(description ? `${error}: ${description}` : error);
    this.name = "OauthGrantError";
    this.error = error;
  }
}

async function postForm(client: OauthClient, url: string, form: Record<string, string>): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams(form),
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
      redirect: "error",
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    throw new MailProviderError(
      timedOut ? "timeout" : "host-unreachable",
      `${client.displayName}'s sign-in service ${timedOut ? "did not answer in time" : "could not be reached"}.`,
      { retryable: true, cause: error },
    );
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (body && typeof body.error === "string") {
    throw new OauthGrantError(body.error, typeof body.error_description === "string" ? body.error_description : null);
  }
  if (!response.ok || !body) {
    throw new MailProviderError("mail-failed", `${client.displayName}'s sign-in service answered with an error (HTTP ${response.status}).`, {
      retryable: response.status >= 500 || response.status === 429,
      serverResponse: `HTTP ${response.status}`,
    });
  }
  return body;
}

function toTokens(client: OauthClient, body: Record<string, unknown>, issuedAt: Date): OauthTokens {
  if (typeof body.access_token !== "string" || !body.access_token) {
    throw new MailProviderError("mail-failed", `${client.displayName}'s sign-in service answered without an access token.`);
  }
  // Without expires_in the token is treated as short-lived (an hour is what both providers issue).
  const expiresIn = typeof body.expires_in === "number" ? body.expires_in : Number(body.expires_in ?? 3600) || 3600;
  return {
    accessToken: body.access_token,
    accessTokenExpiresAt: new Date(issuedAt.getTime() + expiresIn * 1000),
    refreshToken: typeof body.refresh_token === "string" && body.refresh_token ? body.refresh_token : null,
    idToken: typeof body.id_token === "string" && body.id_token ? body.id_token : null,
  };
}

/** Authorization code grant with PKCE (RFC 6749 §4.1.3, RFC 7636 §4.5). */
export async function exchangeAuthorizationCode(
  client: OauthClient,
  input: { code: string; codeVerifier: string; redirectUri: string; issuedAt: Date },
): Promise<OauthTokens> {
  const body = await postForm(client, client.tokenUrl, {
    grant_type: "authorization_code",
    code: input.code,
    code_verifier: input.codeVerifier,
    redirect_uri: input.redirectUri,
    client_id: client.clientId,
    client_secret: client.clientSecret,
  });
  return toTokens(client, body, input.issuedAt);
}

/**
 * Refresh token grant (RFC 6749 §6). A refused grant (`invalid_grant`: revoked, expired, password
 * changed) means only the person can repair it by reconnecting: `oauth-expired`.
 */
export async function refreshAccessToken(client: OauthClient, refreshToken: string, issuedAt: Date): Promise<OauthTokens> {
  try {
    const body = await postForm(client, client.tokenUrl, {
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: client.clientId,
      client_secret: client.clientSecret,
      // Microsoft issues the new access token for the scopes asked here; Google ignores them.
      ...(client.provider === "microsoft" ? { scope: client.scopes.join(" ") } : {}),
    });
    return toTokens(client, body, issuedAt);
  } catch (error) {
    if (!(error instanceof OauthGrantError)) throw error;
    // invalid_grant: revoked, expired, password changed. Microsoft answers interaction_required or
    // consent_required when a new sign-in policy (multi-factor, admin consent) needs the person.
    if (["invalid_grant", "interaction_required", "consent_required"].includes(error.error)) {
      throw new MailProviderError(
        "oauth-expired",
        `${client.displayName} no longer lets Herald use this mailbox: reconnect it from the Mailboxes page.`,
        { serverResponse: error.message, cause: error },
      );
    }
    // invalid_client, unauthorized_client: the administrator's client settings are wrong or were changed.
    throw new MailProviderError(
      "auth-failed",
      `${client.displayName} refused Herald's OAuth client (${error.error}): an administrator checks ${client.settingNames.join(" and ")}.`,
      { serverResponse: error.message, cause: error },
    );
  }
}

/**
 * The claims of an id_token. Its signature is not checked, which OpenID Connect Core §3.1.3.7
 * allows for an id_token received directly from the token endpoint over TLS (the client
 * authenticated itself there, so the answer comes from the provider): Herald only ever reads id_tokens
 * from that answer, never from the browser.
 */
export function idTokenClaims(idToken: string): Record<string, unknown> {
  const payload = idToken.split(".")[1];
  if (!payload) return {};
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as unknown;
    return claims && typeof claims === "object" ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function looksLikeAddress(value: unknown): value is string {
  return typeof value === "string" && /^[^@\s]+@[^@\s]+$/.test(value);
}

/**
 * The signed-in address and the provider's subject. Google: the `email` claim, else its userinfo
 * endpoint. Microsoft: `email`, else `preferred_username` (the sign-in name, an address for work
 * and personal accounts alike).
 */
export async function signedInIdentity(client: OauthClient, tokens: OauthTokens): Promise<{ email: string; subject: string | null }> {
  const claims = tokens.idToken ? idTokenClaims(tokens.idToken) : {};
  const subject = typeof claims.sub === "string" ? claims.sub : null;
  if (looksLikeAddress(claims.email)) return { email: claims.email.toLowerCase(), subject };
  if (client.provider === "microsoft" && looksLikeAddress(claims.preferred_username)) {
    return { email: claims.preferred_username.toLowerCase(), subject };
  }
  if (client.userinfoUrl) {
    const response = await fetch(client.userinfoUrl, {
      headers: { authorization: `Bearer ${tokens.accessToken}`, accept: "application/json" },
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
      redirect: "error",
    }).catch((error: unknown) => {
      throw new MailProviderError("host-unreachable", `${client.displayName}'s sign-in service could not be reached.`, { cause: error });
    });
    const info = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (response.ok && info && looksLikeAddress(info.email)) {
      return { email: info.email.toLowerCase(), subject: typeof info.sub === "string" ? info.sub : subject };
    }
  }
  throw new MailProviderError("mail-failed", `${client.displayName} did not say which address signed in; try again and allow Herald to see your e-mail address.`);
}
