import { db } from "../../../db/client";
import type { Actor } from "../../../lib/actor";
import { HeraldError } from "../../../lib/errors";
import type { TMailboxHostedLink } from "../../../schemas/mailbox-hosted-link";
import { toMailboxHostedLink } from "./to-mailbox-hosted-link";

export async function getMailboxHostedLink(actor: Actor, linkId: string): Promise<TMailboxHostedLink> {
  const row = await db.mailboxHostedLink.findFirst({ where: { id: linkId, workspaceId: actor.workspaceId } });
  if (!row) throw HeraldError.notFound("Mailbox hosted link");
  return toMailboxHostedLink(row);
}
