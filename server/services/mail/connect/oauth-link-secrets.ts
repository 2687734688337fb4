// The OAuth state and PKCE verifier of a link, kept encrypted on the link (oauthEncrypted). The
// state sent to the provider is `<link id>.<random>`: the id finds the link when the provider sends
// the person back, the random part proves the answer belongs to the sign-in this link started.
import { decryptSecret, encryptSecret } from "../../../lib/encryption";
import { constantTimeEqual, randomToken } from "../../../lib/crypto";

export interface OauthLinkSecrets {
  /** The random part of the state. */
  state: string;
  /** RFC 7636: 43 to 128 characters; 32 random bytes in base64url are 43. */
  codeVerifier: string;
}

export function newOauthLinkSecrets(): OauthLinkSecrets {
  return { state: randomToken(24), codeVerifier: randomToken(32) };
}

export function sealOauthLinkSecrets(secrets: OauthLinkSecrets): string {
  return encryptSecret(JSON.stringify(secrets));
}

export function openOauthLinkSecrets(sealed: string): OauthLinkSecrets {
  return JSON.parse(decryptSecret(sealed)) as OauthLinkSecrets;
}

export function stateParameter(linkId: string, secrets: OauthLinkSecrets): string {
  return `${linkId}.${secrets.state}`;
}

/** The link id a returned state names, or null when it is not shaped like one of Herald's. */
export function linkIdOfState(state: string): string | null {
  const [linkId, random, ...rest] = state.split(".");
  return linkId && random && rest.length === 0 ? linkId : null;
}

export function stateMatches(state: string, linkId: string, secrets: OauthLinkSecrets): boolean {
  return constantTimeEqual(state, stateParameter(linkId, secrets));
}
