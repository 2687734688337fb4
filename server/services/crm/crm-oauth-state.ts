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
