import { db } from "../../../db/client";
import { now } from "../../../lib/clock";
import { sha256Hex } from "../../../lib/crypto";
import { HeraldError } from "../../../lib/errors";
import { notConfiguredMessage, oauthClient, type OauthMailProviderName } from "../../../providers/mail/oauth/oauth-clients";
import { codeChallengeS256 } from "../../../providers/mail/oauth/oauth-tokens";
import { mailboxOauthRedirectUri } from "./mailbox-oauth-redirect-uri";
import { openOauthLinkSecrets, stateParameter } from "./oauth-link-secrets";
import { mailboxHostedLinkStatus } from "./to-mailbox-hosted-link";

/**
 * The person pressed "Continue" on the hosted page: the provider's sign-in page to send them to
 * (authorization code flow with PKCE, RFC 7636 S256).
 */
export async function startMailboxOauth(token: string): Promise<{ authorizeUrl: string }> {
  const link = await db.mailboxHostedLink.findUnique({ where: { tokenHash: sha256Hex(token) } });
  if (!link) throw HeraldError.notFound("Connect link");
  const status = mailboxHostedLinkStatus(link);
  if (status !== "pending") throw new HeraldError({ code: `link-${status}`, message: `This connect link is ${status}. Ask for a new one.` });
  const provider = link.provider as OauthMailProviderName;
  const client = oauthClient(provider);
  if (!client) throw new HeraldError({ code: "provider-not-configured", message: notConfiguredMessage(provider) });
  if (!link.oauthEncrypted) throw new HeraldError({ code: "link-failed", message: "This connect link cannot start a sign-in. Ask for a new one." });
  if (!link.openedAt) await db.mailboxHostedLink.updateMany({ where: { id: link.id, openedAt: null }, data: { openedAt: now() } });

  const secrets = openOauthLinkSecrets(link.oauthEncrypted);
  const url = new URL(client.authorizeUrl);
  const params: Record<string, string> = {
    response_type: "code",
    client_id: client.clientId,
    redirect_uri: mailboxOauthRedirectUri(),
    scope: client.scopes.join(" "),
    state: stateParameter(link.id, secrets),
    code_challenge: codeChallengeS256(secrets.codeVerifier),
    code_challenge_method: "S256",
    ...client.extraAuthorizeParams,
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return { authorizeUrl: url.toString() };
}
