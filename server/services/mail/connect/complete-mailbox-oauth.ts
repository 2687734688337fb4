import { db } from "../../../db/client";
import type { MailboxHostedLink } from "../../../db/generated/client";
import { now } from "../../../lib/clock";
import { HeraldError, isHeraldError } from "../../../lib/errors";
import { logger } from "../../../lib/logger";
import { getMailProvider } from "../../../providers/mail";
import { notConfiguredMessage, oauthClient, oauthMailboxSettings, type OauthMailProviderName } from "../../../providers/mail/oauth/oauth-clients";
import { exchangeAuthorizationCode, OauthGrantError, signedInIdentity } from "../../../providers/mail/oauth/oauth-tokens";
import { isMailProviderError, type MailCredentials } from "../../../providers/mail/types";
import { connectFailure } from "../mailboxes/mail-error-reason";
import { saveConnectedMailbox } from "../mailboxes/save-connected-mailbox";
import { mailboxOauthRedirectUri } from "./mailbox-oauth-redirect-uri";
import { linkIdOfState, openOauthLinkSecrets, stateMatches, type OauthLinkSecrets } from "./oauth-link-secrets";
import { mailboxHostedLinkStatus } from "./to-mailbox-hosted-link";

/** What the provider sent the person back with (the callback's query). */
export interface MailboxOauthAnswer {
  state: string | null;
  code: string | null;
  error: string | null;
  errorDescription: string | null;
}

export interface MailboxOauthOutcome {
  linkId: string;
  status: "connected" | "failed" | "expired";
  accountId: string | null;
  redirectUrl: string | null;
}

class LinkFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The provider sent the person back: checks the state, exchanges the code (with the PKCE
 * verifier), reads the address that signed in, checks the mailbox really sends and reads
 * (SMTP AUTH and IMAP with XOAUTH2), and stores it (the refresh token encrypted). The link ends
 * `connected` or `failed` with the reason in plain words; a state no link started is refused and
 * changes nothing.
 */
export async function completeMailboxOauth(answer: MailboxOauthAnswer): Promise<MailboxOauthOutcome> {
  const linkId = answer.state ? linkIdOfState(answer.state) : null;
  const link = linkId ? await db.mailboxHostedLink.findUnique({ where: { id: linkId } }) : null;
  const secrets = link?.oauthEncrypted ? openOauthLinkSecrets(link.oauthEncrypted) : null;
  const refused = new HeraldError({
    code: "invalid-oauth-state",
    message: "This sign-in did not come from a Herald connect link, or it was already used. Open the link you were given again.",
  });
  if (!link || !secrets || !answer.state || !stateMatches(answer.state, link.id, secrets)) throw refused;
  const outcome = (status: MailboxOauthOutcome["status"], row: MailboxHostedLink): MailboxOauthOutcome => ({
    linkId: row.id,
    status,
    accountId: row.accountId,
    redirectUrl: row.redirectUrl,
  });
  const status = mailboxHostedLinkStatus(link);
  if (status !== "pending") return outcome(status, link);
  // The answer is used once: a second request with it (a reload while the check runs) finds the
  // secrets gone, so it cannot race the first to a different outcome.
  const claimed = await db.mailboxHostedLink.updateMany({ where: { id: link.id, status: "pending", oauthEncrypted: link.oauthEncrypted }, data: { oauthEncrypted: null } });
  if (!claimed.count) throw refused;

  let externalId: string | null = null;
  try {
    const connected = await connectFromAnswer(link, secrets, answer, (email) => {
      externalId = email;
    });
    const row = await finish(link.id, { status: "connected", accountId: connected, externalId });
    return outcome(settledStatus(row), row);
  } catch (error) {
    const failure = toLinkFailure(link, error);
    const row = await finish(link.id, { status: "failed", errorCode: failure.code, errorMessage: failure.message, externalId });
    return outcome(settledStatus(row), row);
  }
}

/**
 * Ends a pending link once and returns it as stored: when two answers for the same link race (a
 * reload), the first one's outcome stands.
 */
async function finish(
  linkId: string,
  data: { status: "connected" | "failed"; accountId?: string; errorCode?: string; errorMessage?: string; externalId: string | null },
): Promise<MailboxHostedLink> {
  await db.mailboxHostedLink.updateMany({
    where: { id: linkId, status: "pending" },
    data: { ...data, completedAt: now() },
  });
  return db.mailboxHostedLink.findUniqueOrThrow({ where: { id: linkId } });
}

function settledStatus(row: MailboxHostedLink): MailboxOauthOutcome["status"] {
  const status = mailboxHostedLinkStatus(row);
  // Only a link that expired while its sign-in ran can still read pending here.
  return status === "pending" ? "expired" : status;
}

async function connectFromAnswer(
  link: MailboxHostedLink,
  secrets: OauthLinkSecrets,
  answer: MailboxOauthAnswer,
  signedInAs: (email: string) => void,
): Promise<string> {
  const provider = link.provider as OauthMailProviderName;
  const client = oauthClient(provider);
  if (!client) throw new LinkFailure("provider-not-configured", notConfiguredMessage(provider));
  if (answer.error === "access_denied") throw new LinkFailure("cancelled", "You cancelled the sign-in");
  if (answer.error || !answer.code) {
    throw new LinkFailure("oauth-failed", `${client.displayName} did not complete the sign-in (${answer.errorDescription ?? answer.error ?? "no code returned"})`);
  }
  const tokens = await exchangeAuthorizationCode(client, {
    code: answer.code,
    codeVerifier: secrets.codeVerifier,
    redirectUri: mailboxOauthRedirectUri(),
    issuedAt: now(),
  });
  const { email } = await signedInIdentity(client, tokens);
  signedInAs(email);
  if (!tokens.refreshToken) {
    throw new LinkFailure("oauth-failed", `${client.displayName} did not give Herald lasting access to ${email}; open the link again and allow every permission asked.`);
  }
  if (link.reconnectAccountId) {
    const mailbox = await db.mailbox.findFirst({ where: { id: link.reconnectAccountId, workspaceId: link.workspaceId } });
    if (!mailbox) throw new LinkFailure("not-found", "The mailbox this link was meant to reconnect has been removed; ask for a new link.");
    if (mailbox.email !== email) {
      throw new LinkFailure("different-account", `You signed in as ${email}, but this link reconnects ${mailbox.email}: open the link again and sign in as ${mailbox.email}.`);
    }
  }

  const settings = oauthMailboxSettings(client, email);
  let credentials: MailCredentials = {
    kind: "oauth",
    refreshToken: tokens.refreshToken,
    accessToken: tokens.accessToken,
    accessTokenExpiresAt: tokens.accessTokenExpiresAt.toISOString(),
  };
  const mailProvider = await getMailProvider(provider);
  await mailProvider.verify({
    // Not stored yet: the link stands in for the mailbox's id in anything the provider logs.
    id: link.reconnectAccountId ?? link.id,
    workspaceId: link.workspaceId,
    email,
    provider,
    settings,
    credentials,
    onCredentialsChanged: async (renewed) => {
      credentials = renewed;
    },
  });
  const mailbox = await saveConnectedMailbox({
    workspaceId: link.workspaceId,
    email,
    provider,
    authType: "oauth",
    connectedVia: "hosted-link",
    hostedLinkId: link.id,
    settings,
    credentials,
  });
  return mailbox.id;
}

function toLinkFailure(link: MailboxHostedLink, error: unknown): LinkFailure {
  if (error instanceof LinkFailure) return error;
  const provider = link.provider === "google" ? "Google" : "Microsoft";
  if (error instanceof OauthGrantError) {
    // invalid_grant here: the code expired (10 minutes at Google) or was used already.
    return new LinkFailure("oauth-failed", `${provider} did not accept the sign-in (${error.error}); open the link again to try once more.`);
  }
  if (isMailProviderError(error)) {
    // The same code and words as a failed connect over the API (mail-auth-failed, …).
    const failure = connectFailure(error);
    return new LinkFailure(failure.code, failure.message);
  }
  if (isHeraldError(error)) return new LinkFailure(error.code, error.message);
  logger.error("Connecting a mailbox from a hosted link failed unexpectedly", { linkId: link.id, error });
  return new LinkFailure("connection-failed", "Something went wrong on Herald's side while connecting the mailbox; open the link again to try once more.");
}
