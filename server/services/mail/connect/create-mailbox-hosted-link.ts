import { db } from "../../../db/client";
import { publicUrl } from "../../../env";
import type { Actor } from "../../../lib/actor";
import { now } from "../../../lib/clock";
import { randomToken, sha256Hex } from "../../../lib/crypto";
import { HeraldError } from "../../../lib/errors";
import { notConfiguredMessage, oauthClient } from "../../../providers/mail/oauth/oauth-clients";
import type { TCreateMailboxHostedLinkInput, TCreatedMailboxHostedLink } from "../../../schemas/mailbox-hosted-link";
import { findMailbox } from "../mailboxes/find-mailbox";
import { requireEmailChannel } from "../mailboxes/require-email-channel";
import { newOauthLinkSecrets, sealOauthLinkSecrets } from "./oauth-link-secrets";
import { toMailboxHostedLink } from "./to-mailbox-hosted-link";

/**
 * A link to a page where a person connects (or renews) a Google or Microsoft mailbox by signing in
 * on the provider's own page. The address is returned once, here; only its hash is stored.
 */
export async function createMailboxHostedLink(actor: Actor, input: TCreateMailboxHostedLinkInput): Promise<TCreatedMailboxHostedLink> {
  const { provider, redirectUrl, reconnectAccountId, expiresInMinutes } = input;
  if (!oauthClient(provider)) throw new HeraldError({ code: "provider-not-configured", message: notConfiguredMessage(provider) });
  // Refused now rather than after the person signed in (saveConnectedMailbox checks again at the end).
  await requireEmailChannel(actor.workspaceId, "connect a mailbox");
  if (reconnectAccountId) {
    const mailbox = await findMailbox(actor, reconnectAccountId);
    if (mailbox.provider === "microsoft-graph") {
      throw HeraldError.invalidInput(
        `The mailbox ${mailbox.email} is a managed Microsoft 365 mailbox that Herald reaches with this installation's app registration: it has no sign-in to renew. If it is in error, the installation's administrator checks the app's Microsoft Graph permissions (Mail.Send and Mail.ReadWrite)`,
        [{ field: "reconnectAccountId", message: "is a managed Microsoft 365 mailbox, which needs no sign-in" }],
      );
    }
    if (mailbox.provider !== provider) {
      throw HeraldError.invalidInput(`The mailbox ${mailbox.email} is not a ${provider === "google" ? "Google" : "Microsoft"} mailbox, so this link cannot renew it`, [
        { field: "reconnectAccountId", message: `is a ${mailbox.provider} mailbox, not ${provider}` },
      ]);
    }
  }
  const token = randomToken(32);
  const at = now();
  const row = await db.mailboxHostedLink.create({
    data: {
      workspaceId: actor.workspaceId,
      provider,
      tokenHash: sha256Hex(token),
      oauthEncrypted: sealOauthLinkSecrets(newOauthLinkSecrets()),
      reconnectAccountId,
      redirectUrl,
      createdById: actor.userId,
      expiresAt: new Date(at.getTime() + (expiresInMinutes ?? 60) * 60_000),
      createdAt: at,
    },
  });
  return { ...toMailboxHostedLink(row), url: `${publicUrl()}/connect/mailbox/${token}` };
}
