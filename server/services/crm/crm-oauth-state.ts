// The OAuth state of a "Connect <CRM>": `<state row id>.<random>`. The row holds only the random
// part's hash, names the workspace and member who started it, expires after 10 minutes and is
// deleted by the first answer that presents it (single use). The mailbox OAuth keeps its state the
// same way on its link (server/services/mail/connect/oauth-link-secrets.ts).
import { constantTimeEqual, randomToken, sha256Hex } from "../../lib/crypto";

export const CRM_OAUTH_STATE_MINUTES = 10;

export function newCrmStateSecret(): { secret: string; secretHash: string } {
  const secret = randomToken(24);
  return { secret, secretHash: sha256Hex(secret) };
}

export function crmStateParameter(id: string, secret: string): string {
  return `${id}.${secret}`;
}

/** The row id and secret a returned state names, or null when it is not shaped like one of Herald's. */
export function parseCrmState(state: string): { id: string; secret: string } | null {
  const [id, secret, ...rest] = state.split(".");
  return id && secret && rest.length === 0 ? { id, secret } : null;
}

export function crmStateMatches(secret: string, secretHash: string): boolean {
  return constantTimeEqual(sha256Hex(secret), secretHash);
}

/**
 * The browser binding: Connect sets a cookie holding a random nonce (only its hash is on the state
 * row), scoped to the callback's path, HttpOnly and SameSite=Lax (sent on the CRM's top-level
 * redirect back). A state URL opened in another browser carries no such cookie and is refused.
 */
export const CRM_OAUTH_COOKIE = "herald_crm_oauth";
const CRM_OAUTH_COOKIE_PATH = "/api/oauth/crm";

export function newCrmBrowserNonce(): { nonce: string; nonceHash: string } {
  const nonce = randomToken(24);
  return { nonce, nonceHash: sha256Hex(nonce) };
}

export function crmBrowserNonceMatches(nonce: string | null, nonceHash: string | null): boolean {
  return Boolean(nonce && nonceHash && constantTimeEqual(sha256Hex(nonce), nonceHash));
}

/** The Set-Cookie value for Connect; Secure when Herald is served over https. */
export function crmOauthCookie(nonce: string, secure: boolean): string {
  return `${CRM_OAUTH_COOKIE}=${nonce}; Path=${CRM_OAUTH_COOKIE_PATH}; Max-Age=${CRM_OAUTH_STATE_MINUTES * 60}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The Set-Cookie value that removes the cookie once the callback used it. */
export function clearedCrmOauthCookie(secure: boolean): string {
  return `${CRM_OAUTH_COOKIE}=; Path=${CRM_OAUTH_COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The nonce a request's Cookie header carries, or null. */
export function crmOauthCookieValue(cookieHeader: string | null): string | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === CRM_OAUTH_COOKIE) return value.join("=") || null;
  }
  return null;
}
