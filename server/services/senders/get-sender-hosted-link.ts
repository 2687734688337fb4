import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { HeraldError } from "../../lib/errors";
import { linkedinProviderName } from "../../providers/linkedin";
import type { TSenderHostedLink } from "../../schemas/sender";
import { toSenderHostedLink } from "./to-sender-hosted-link";

export async function getSenderHostedLink(actor: Actor, linkId: string): Promise<TSenderHostedLink> {
  const row = await db.senderHostedLink.findFirst({ where: { id: linkId, workspaceId: actor.workspaceId } });
  if (!row) throw HeraldError.notFound("Hosted link");
  return toSenderHostedLink(row, linkedinProviderName());
}
