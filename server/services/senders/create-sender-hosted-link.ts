import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { now } from "../../lib/clock";
import { randomToken, sha256Hex } from "../../lib/crypto";
import { publicUrl } from "../../env";
import { getLinkedinProvider } from "../../providers/linkedin";
import type { TCreateHostedLinkInput, TSenderHostedLink } from "../../schemas/sender";
import { findSender } from "./find-sender";
import { toSenderHostedLink } from "./to-sender-hosted-link";

/**
 * A link to a page where a person connects (or repairs) a sender by signing in to LinkedIn there,
 * so the API caller never handles the password. The address is returned once; reads show status.
 */
export async function createSenderHostedLink(actor: Actor, input: TCreateHostedLinkInput): Promise<TSenderHostedLink & { url: string }> {
  const { redirectUrl, reconnectAccountId, expiresInMinutes } = input;
  if (reconnectAccountId) await findSender(actor, reconnectAccountId);
  const provider = await getLinkedinProvider();
  const token = randomToken(32);
  const at = now();
  const expiresAt = new Date(at.getTime() + (expiresInMinutes ?? 60) * 60_000);
  const row = await db.senderHostedLink.create({
    data: {
      workspaceId: actor.workspaceId,
      tokenHash: sha256Hex(token),
      reconnectAccountId,
      redirectUrl,
      createdById: actor.userId,
      expiresAt,
      createdAt: at,
    },
  });
  const url = `${publicUrl()}/connect/${token}`;
  const external = await provider.createHostedAuthLink({
    linkId: row.id,
    kind: reconnectAccountId ? "reconnect" : "create",
    reconnectProviderAccountId: reconnectAccountId
      ? (await db.linkedinAccount.findUniqueOrThrow({ where: { id: reconnectAccountId } })).providerAccountId
      : undefined,
    expiresAt,
    notifyUrl: `${publicUrl()}/api/providers/${provider.name}/webhook`,
    successUrl: `${url}?status=connected`,
    failureUrl: `${url}?status=failed`,
  });
  const saved = external ? await db.senderHostedLink.update({ where: { id: row.id }, data: { externalUrl: external.url } }) : row;
  return { ...toSenderHostedLink(saved, provider.name), url };
}
